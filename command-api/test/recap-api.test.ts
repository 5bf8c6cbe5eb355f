import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRecap, type RecapFacts } from '../src/recap/recap-template.ts';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// Every input goes through the real HTTP API (and so the real deciders and projections): the
// calendar records an occurrence as its ISO start, which a hand-made event once got wrong.

const DAY = 86_400_000;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

let server: TestServer;
let coach: ApiClient;
let parent: ApiClient;
let pia: ApiClient;
let paul: ApiClient;
let outsider: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  [coach, parent, pia, paul, outsider] = await Promise.all([
    signUp(server.url, 'coach', 'Casey Coach'),
    signUp(server.url, 'parent', 'Pat Parent'),
    signUp(server.url, 'player', 'Pia Player'),
    signUp(server.url, 'player', 'Paul Player'),
    signUp(server.url, 'coach', 'Omar Outsider'),
  ]);
});
afterAll(async () => {
  await server?.close();
});

const recap = (client: ApiClient, body: Record<string, unknown>) => client.post('/api/ai/game-recap', body);

async function newTeam(name: string, members: ApiClient[]): Promise<{ id: string }> {
  const team = await readJson(await coach.post('/api/teams', { name, sport: 'Soccer' }));
  for (const member of members) expect((await member.post('/api/teams/join', { code: team.code })).status).toBe(200);
  return team;
}

interface Occurrence {
  id: string;
  title: string;
  occurrenceDate: string;
}

/** A one-off event, or a weekly series on the start's weekday (10 weeks), created by the coach. */
async function schedule(teamId: string, title: string, start: Date, weekly: boolean): Promise<string> {
  const response = await coach.post(`/api/teams/${teamId}/events`, {
    title,
    description: '',
    location: 'Riverside Field 1',
    date: start.toISOString(),
    isRecurring: weekly,
    ...(weekly
      ? {
          recurringType: 'weekly',
          recurringInterval: 1,
          recurringDays: [WEEKDAYS[start.getUTCDay()]],
          recurringEndCount: 10,
        }
      : {}),
  });
  expect(response.status).toBe(201);
  return (await readJson(response)).id;
}

/** The event's occurrences as the API lists them, oldest first. */
async function occurrencesOf(teamId: string, eventId: string): Promise<string[]> {
  const events: Occurrence[] = await readJson(await coach.get(`/api/teams/${teamId}/events`));
  return events.filter((e) => e.id === eventId).map((e) => e.occurrenceDate);
}

async function rsvp(client: ApiClient, eventId: string, occurrenceDate: string, status: 'yes' | 'maybe' | 'no') {
  const response = await client.post(`/api/events/${eventId}/rsvp`, { status, occurrenceDate });
  expect(response.status).toBe(200);
}

async function say(client: ApiClient, teamId: string, count: number) {
  for (let i = 0; i < count; i++) {
    expect((await client.post(`/api/teams/${teamId}/messages`, { text: `Message ${i + 1}` })).status).toBe(201);
  }
}

/** A chat send waits for the chat read model only: let the rewards catch up with everything sent. */
async function settled() {
  expect(await server.server.progress.waitFor(await server.eventStore.headPosition(), 10_000)).toBe(true);
}

const xpOf = async (client: ApiClient): Promise<number> => (await readJson(await client.get('/api/rewards/me'))).xp;

const dayLabel = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });

/** A weekly practice that began three weeks ago: its fourth occurrence started an hour ago. */
async function weeklyPracticeUntilToday(teamId: string) {
  const start = new Date(Math.floor((Date.now() - 21 * DAY - 60 * 60_000) / 60_000) * 60_000);
  const eventId = await schedule(teamId, 'Practice', start, true);
  const occurrences = await occurrencesOf(teamId, eventId);
  const now = Date.now();
  const past = occurrences.filter((o) => Date.parse(o) <= now);
  expect(past).toHaveLength(4);
  const [threeWeeksAgo, twoWeeksAgo, lastWeek, today] = past as [string, string, string, string];
  expect(now - Date.parse(today)).toBeLessThan(2 * 60 * 60_000);
  return { eventId, threeWeeksAgo, twoWeeksAgo, lastWeek, today };
}

describe('game recap over HTTP', () => {
  it('writes an honest empty recap for a quiet team', async () => {
    const team = await newTeam('Quiet Owls', [parent]);
    const response = await recap(coach, { teamId: team.id });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body).toMatchObject({
      title: 'Quiet Owls: week in review',
      stats: { finalScore: null, topScorer: null, keyMoments: 0 },
      generatedAt: expect.any(String),
    });
    expect(body.content).toContain('no messages or uploads yet');
  });

  it('leaves out an event still to come: the Media Hub recaps what happened, not the next fixture', async () => {
    const team = await newTeam('Early Larks', [parent]);
    await schedule(team.id, 'Season opener', new Date(Date.now() + 2 * 86_400_000), false);
    const body = await readJson(await recap(coach, { teamId: team.id }));
    expect(body.title).toBe('Early Larks: week in review');
    expect(body.content).not.toContain('Season opener');
    expect(body.stats).toEqual({ finalScore: null, topScorer: null, keyMoments: 0 });
  });

  it("counts today's occurrence of a weekly series, confirms only players, and names no top scorer without a match", async () => {
    const team = await newTeam('Tigers', [parent, pia, paul]);
    const practice = await weeklyPracticeUntilToday(team.id);
    // Answers on several occurrences: last week everyone came, today fewer did.
    await rsvp(pia, practice.eventId, practice.twoWeeksAgo, 'no');
    for (const member of [coach, parent, pia, paul]) await rsvp(member, practice.eventId, practice.lastWeek, 'yes');
    await rsvp(parent, practice.eventId, practice.today, 'yes');
    await rsvp(pia, practice.eventId, practice.today, 'yes');
    await rsvp(paul, practice.eventId, practice.today, 'no');
    await rsvp(coach, practice.eventId, practice.today, 'maybe');
    // The parent chats the most and so earns the most XP.
    await say(parent, team.id, 6);
    await say(pia, team.id, 1);
    await say(coach, team.id, 1);
    await settled();

    const [parentXp, piaXp, paulXp, coachXp] = await Promise.all([xpOf(parent), xpOf(pia), xpOf(paul), xpOf(coach)]);
    expect(parentXp).toBeGreaterThan(piaXp);
    expect(piaXp).toBeGreaterThan(coachXp);
    expect(coachXp).toBeGreaterThan(paulXp);

    const response = await recap(parent, { teamId: team.id, highlights: ['Great passing drills'] });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.title).toBe('Practice recap');
    const lines: string[] = body.content.split('\n');
    expect(lines).toContain(
      `Practice (${dayLabel(practice.today)} at Riverside Field 1): 2 going, 1 maybe, 1 not going.`,
    );
    expect(lines).toContain('In the last 7 days Tigers shared 8 messages and 0 photos and videos.');
    expect(lines).toContain(
      `Top contributor: Pat Parent with ${parentXp} XP, followed by Pia Player (${piaXp} XP) and Casey Coach (${coachXp} XP).`,
    );
    // Pia is the only player who said yes today; Pat is a parent.
    expect(lines.filter((l) => l.startsWith('• '))).toEqual([
      '• 1 player confirmed for Practice',
      `• Pat Parent led the team with ${parentXp} XP`,
      '• Great passing drills',
    ]);
    expect(body.stats).toEqual({ finalScore: null, topScorer: null, keyMoments: 3 });

    const titled = await readJson(await recap(coach, { teamId: team.id, gameTitle: 'Spring Cup final' }));
    expect(titled.title).toBe('Spring Cup final');
  });

  it("recaps today's practice even before anyone answered for it, not last week's answers", async () => {
    const team = await newTeam('Hawks', [parent, pia]);
    const practice = await weeklyPracticeUntilToday(team.id);
    await rsvp(pia, practice.eventId, practice.lastWeek, 'yes');
    await rsvp(parent, practice.eventId, practice.lastWeek, 'yes');

    const body = await readJson(await recap(coach, { teamId: team.id }));
    expect(body.content.split('\n')).toContain(
      `Practice (${dayLabel(practice.today)} at Riverside Field 1): no RSVPs recorded yet.`,
    );
    expect(body.content).not.toContain('confirmed');
  });

  it('takes the latest occurrence across events: a series beats an older one-off, and a deleted series is gone', async () => {
    const team = await newTeam('Lions', [parent, pia, paul]);
    const friendly = await schedule(team.id, 'Friendly vs Bears', new Date(Date.now() - 2 * DAY), false);
    const [friendlyDate] = (await occurrencesOf(team.id, friendly)) as [string];
    await rsvp(pia, friendly, friendlyDate, 'yes');
    await rsvp(paul, friendly, friendlyDate, 'yes');
    await rsvp(parent, friendly, friendlyDate, 'no');
    const practice = await weeklyPracticeUntilToday(team.id);
    await rsvp(pia, practice.eventId, practice.today, 'maybe');

    const withPractice = await readJson(await recap(coach, { teamId: team.id }));
    expect(withPractice.title).toBe('Practice recap');
    expect(withPractice.content).toContain(
      `Practice (${dayLabel(practice.today)} at Riverside Field 1): 0 going, 1 maybe`,
    );

    expect((await coach.delete(`/api/teams/${team.id}/events/${practice.eventId}`)).status).toBe(204);
    const afterDelete = await readJson(await recap(coach, { teamId: team.id }));
    expect(afterDelete.title).toBe('Friendly vs Bears recap');
    const lines: string[] = afterDelete.content.split('\n');
    expect(lines).toContain(
      `Friendly vs Bears (${dayLabel(friendlyDate)} at Riverside Field 1): 2 going, 0 maybe, 1 not going.`,
    );
    expect(lines).toContain('• 2 players confirmed for Friendly vs Bears');
  });

  it('answers 404 to non-members and for unknown teams, 401 when signed out, 400 on a bad body', async () => {
    const team = await newTeam('Foxes', [parent]);
    expect((await recap(outsider, { teamId: team.id })).status).toBe(404);
    expect((await recap(outsider, { teamId: 'no-such-team' })).status).toBe(404);
    const anonymous = await fetch(`${server.url}/api/ai/game-recap`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ teamId: team.id }),
    });
    expect(anonymous.status).toBe(401);
    expect((await recap(coach, {})).status).toBe(400);
    expect((await recap(coach, { teamId: team.id, highlights: Array(11).fill('x') })).status).toBe(400);
  });
});

describe('recap template', () => {
  const base: RecapFacts = {
    team: { name: 'Tigers' },
    windowDays: 7,
    lastEvent: null,
    activity: { messages: 0, uploads: 0 },
    contributors: [],
    match: null,
  };
  const at = new Date('2026-03-01T12:00:00Z');

  it('is deterministic: the same facts give the same recap', () => {
    const facts = { ...base, activity: { messages: 2, uploads: 1 }, contributors: [{ name: 'Ana', xp: 14 }] };
    expect(writeRecap(facts, at)).toEqual(writeRecap(facts, at));
  });

  it("leads with the match when match facts exist, and takes the top scorer from the match's stats", () => {
    const recap = writeRecap(
      {
        ...base,
        contributors: [{ name: 'Ana', xp: 14 }],
        match: {
          title: 'Tigers vs Lions',
          finalScore: '3 – 1',
          topPerformer: { name: 'Ben', summary: '2 goals' },
          moments: ["Ben scores (12')", "Ana assists (40')"],
        },
      },
      at,
    );
    expect(recap.title).toBe('Tigers vs Lions recap');
    expect(recap.content.startsWith('Final score: 3 – 1.')).toBe(true);
    expect(recap.stats).toEqual({ finalScore: '3 – 1', topScorer: 'Ben', keyMoments: 4 });
  });
});
