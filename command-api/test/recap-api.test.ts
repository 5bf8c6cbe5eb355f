import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '@sideline/infra';
import { writeRecap, type RecapFacts } from '../src/recap/recap-template.ts';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let coach: ApiClient;
let parent: ApiClient;
let outsider: ApiClient;
let team: { id: string; code: string };

beforeAll(async () => {
  server = await startTestServer();
  [coach, parent, outsider] = await Promise.all([
    signUp(server.url, 'coach', 'Casey Coach'),
    signUp(server.url, 'parent', 'Morgan Messenger'),
    signUp(server.url, 'coach', 'Omar Outsider'),
  ]);
  team = await readJson(await coach.post('/api/teams', { name: 'Tigers', sport: 'Soccer' }));
  expect((await parent.post('/api/teams/join', { code: team.code })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

const recap = (client: ApiClient, body: Record<string, unknown>) => client.post('/api/ai/game-recap', body);

/** Appends calendar events as the calendar slice records them, and waits for our own position. */
async function appendCalendar(stream: string, events: Array<Omit<NewEvent, 'metadata'>>) {
  const metadata = {
    actorId: coach.userId,
    correlationId: 'test',
    causationId: null,
    occurredAt: new Date().toISOString(),
  };
  const { position } = await server.eventStore.appendToStream(
    stream,
    events.map((e) => ({ ...e, metadata })),
    { expectedRevision: 'any' },
  );
  expect(await server.server.progress.waitFor(position, 5000)).toBe(true);
}

describe('game recap over HTTP', () => {
  it('writes an honest empty recap for a quiet team', async () => {
    const response = await recap(coach, { teamId: team.id });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body).toMatchObject({
      title: 'Tigers: week in review',
      stats: { finalScore: null, topScorer: null, keyMoments: 0 },
      generatedAt: expect.any(String),
    });
    expect(body.content).toContain('no messages or uploads yet');
  });

  it("reflects the team's real data: the last event's RSVPs, activity and the top contributor by XP", async () => {
    for (const text of ['Great game!', 'See you Saturday', 'Who brings oranges?']) {
      expect((await parent.post(`/api/teams/${team.id}/messages`, { text })).status).toBe(201);
    }
    expect((await coach.post(`/api/teams/${team.id}/messages`, { text: 'Well played' })).status).toBe(201);
    const eventId = `ev-${Date.now()}`;
    const startsAt = new Date(Date.now() - 86_400_000).toISOString();
    const day = startsAt.slice(0, 10);
    await appendCalendar(`calendar-${eventId}`, [
      {
        type: 'EventScheduled',
        data: {
          eventId,
          teamId: team.id,
          title: 'Derby vs Lions',
          description: '',
          location: 'Field 3',
          startsAt,
          recurrence: null,
          createdBy: coach.userId,
        },
      },
      {
        type: 'RsvpRecorded',
        data: { eventId, teamId: team.id, occurrenceDate: day, userId: parent.userId, status: 'yes' },
      },
      {
        type: 'RsvpRecorded',
        data: { eventId, teamId: team.id, occurrenceDate: day, userId: coach.userId, status: 'maybe' },
      },
    ]);

    const body = await readJson(await recap(parent, { teamId: team.id, highlights: ['Last-minute winner'] }));
    expect(body.title).toBe('Derby vs Lions recap');
    expect(body.content).toContain('Derby vs Lions');
    expect(body.content).toContain('1 going, 1 maybe, 0 not going');
    expect(body.content).toContain('4 messages');
    // Morgan: 3 messages (6 XP) + RSVP (5 XP) = 11 XP; Casey: 1 message (2) + RSVP (5) = 7 XP.
    expect(body.content).toContain('Top contributor: Morgan Messenger with 11 XP');
    expect(body.content).toContain('• Last-minute winner');
    expect(body.stats).toEqual({ finalScore: null, topScorer: 'Morgan Messenger', keyMoments: 3 });

    const titled = await readJson(await recap(coach, { teamId: team.id, gameTitle: 'Spring Cup final' }));
    expect(titled.title).toBe('Spring Cup final');
  });

  it('answers 404 to non-members and for unknown teams, 401 when signed out, 400 on a bad body', async () => {
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

  it('leads with the match when match facts exist (score, top performer, moments)', () => {
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

  it('says when an event has no RSVPs yet', () => {
    const recap = writeRecap(
      {
        ...base,
        lastEvent: {
          title: 'Practice',
          location: '',
          startsAt: '2026-02-27T17:00:00.000Z',
          occurrenceDate: null,
          rsvps: { yes: 0, maybe: 0, no: 0 },
        },
      },
      at,
    );
    expect(recap.content).toContain('Practice (Fri, Feb 27): no RSVPs recorded yet.');
  });
});
