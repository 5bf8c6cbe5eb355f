import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from './http-client.ts';
import { addToLineup, createClub, recordStat, scheduleMatch, setStatus, type Club } from './match-fixture.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let club: Club;
let rival: Club;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
  [club, rival] = await Promise.all([createClub(server, 'Riverside'), createClub(server, 'Hilltop')]);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

interface Line {
  revision: number;
  position: string;
  type: string;
  side?: string;
  data: Record<string, any>;
  actorId: string | null;
  recordedAt: string;
}

const parseLines = (text: string): Line[] =>
  text
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Line);

/** A match in progress with Ava (team A) and Bo (team B) in the lineup. */
async function liveMatch(c: Club = club) {
  const match = await scheduleMatch(c);
  const ava = await addToLineup(c, match.id, c.ava);
  const bo = await addToLineup(c, match.id, c.bo, 'goalkeeper');
  expect((await setStatus(c.coach, match.id, 'in_progress')).status).toBe(200);
  return { match, ava, bo };
}

/** Reads an NDJSON response line by line as it arrives. */
function lineReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  return {
    get ended() {
      return ended;
    },
    async next(timeoutMs = 10_000): Promise<Line | null> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const newline = buffer.indexOf('\n');
        if (newline >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          return JSON.parse(line) as Line;
        }
        if (ended) return null;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no line within ${timeoutMs} ms`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_r, reject) => setTimeout(() => reject(new Error('read timed out')), left)),
        ]);
        if (chunk.done) ended = true;
        else buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe('match stat replay (NDJSON)', () => {
  it('replays every stat event in log order with revision, position, actor and time; `from` resumes', async () => {
    const { match, ava, bo } = await liveMatch();
    const first = await recordStat(club.coach, match.id, ava.id);
    await recordStat(club.coachB, match.id, bo.id, 'saves', 3);
    await club.coach.put(`/api/matches/${match.id}/stats/${first.id}`, { value: 2, reason: 'Two goals, one entry' });
    await club.coach.delete(`/api/matches/${match.id}/stats/${first.id}?reason=Offside`);

    const response = await club.parent.get(`/api/matches/${match.id}/stats/stream`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = parseLines(await response.text());
    expect(lines.map((l) => l.type)).toEqual(['StatRecorded', 'StatRecorded', 'StatAmended', 'StatRetracted']);
    expect(lines[0]).toEqual({
      revision: expect.any(Number),
      position: expect.stringMatching(/^\d+\/\d+$/),
      type: 'StatRecorded',
      side: 'teamA',
      data: expect.objectContaining({
        statId: first.id,
        participantId: ava.id,
        side: 'teamA',
        statType: 'goals',
        value: 1,
      }),
      actorId: club.coach.userId,
      recordedAt: expect.any(String),
    });
    expect(lines[1]!.actorId).toBe(club.coachB.userId);
    expect(lines[1]!.side).toBe('teamB');
    expect(lines[2]!.data).toMatchObject({ previousValue: 1, value: 2, reason: 'Two goals, one entry' });
    expect(lines[3]!.data).toMatchObject({ value: 2, reason: 'Offside' });
    const revisions = lines.map((l) => l.revision);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));

    const resumed = parseLines(
      await (await club.parent.get(`/api/matches/${match.id}/stats/stream?from=${lines[2]!.revision}`)).text(),
    );
    expect(resumed).toEqual(lines.slice(2));
    expect(parseLines(await (await club.parent.get(`/api/matches/${match.id}/stats/stream?from=9999`)).text())).toEqual(
      [],
    );
    expect((await rival.admin.get(`/api/matches/${match.id}/stats/stream`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/matches/${match.id}/stats/stream`)).status).toBe(401);
  });

  it('follows a match over HTTP: new stats arrive, heartbeats keep it open, completion ends it', async () => {
    const { match, ava } = await liveMatch();
    await recordStat(club.coach, match.id, ava.id);
    const response = await fetch(`${server.url}/api/matches/${match.id}/stats/stream?follow=1&heartbeat=1`, {
      headers: { cookie: club.parent.cookie },
    });
    expect(response.status).toBe(200);
    const lines = lineReader(response);
    expect((await lines.next())!.type).toBe('StatRecorded');

    const later = await recordStat(club.coach, match.id, ava.id, 'shots', 2);
    const arrived = await lines.next();
    expect(arrived).toMatchObject({ type: 'StatRecorded', data: { statId: later.id, statType: 'shots' } });

    let heartbeat = await lines.next(5_000);
    expect(heartbeat).toEqual({ type: 'heartbeat' });
    await setStatus(club.coach, match.id, 'complete');
    // Whatever heartbeats were already on their way, the response then ends.
    do heartbeat = await lines.next(5_000);
    while (heartbeat?.type === 'heartbeat');
    expect(heartbeat).toBeNull();
    expect(lines.ended).toBe(true);
  });

  it('ends a follow at once for a completed match, and a client may leave a follow at any time', async () => {
    const { match, ava } = await liveMatch();
    await recordStat(club.coach, match.id, ava.id);
    const open = await fetch(`${server.url}/api/matches/${match.id}/stats/stream?follow=1`, {
      headers: { cookie: club.parent.cookie },
    });
    const reader = lineReader(open);
    expect((await reader.next())!.type).toBe('StatRecorded');
    await reader.cancel();

    await setStatus(club.coach, match.id, 'complete');
    const done = await club.parent.get(`/api/matches/${match.id}/stats/stream?follow=1`);
    expect(parseLines(await done.text()).map((l) => l.type)).toEqual(['StatRecorded']);
  });
});

describe('read-only API tokens for analytics', () => {
  it("lets the organization's admins create (shown once), list and revoke tokens; nobody else", async () => {
    const body = { name: 'Stats warehouse', organizationId: club.org.id };
    expect((await club.coach.post('/api/tokens', body)).status).toBe(403);
    expect((await rival.admin.post('/api/tokens', body)).status).toBe(404);
    expect((await club.admin.post('/api/tokens', { organizationId: club.org.id })).status).toBe(400);
    const created = await club.admin.post('/api/tokens', body);
    expect(created.status).toBe(201);
    const token = await readJson(created);
    expect(token).toEqual({
      id: expect.any(String),
      name: 'Stats warehouse',
      organizationId: club.org.id,
      token: expect.stringMatching(/^sl_[A-Za-z0-9_-]{43}$/),
      createdAt: expect.any(String),
    });
    const listed = await readJson(await club.admin.get('/api/tokens'));
    expect(listed).toContainEqual({
      id: token.id,
      name: 'Stats warehouse',
      organizationId: club.org.id,
      createdAt: token.createdAt,
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(token.token);
    expect(await readJson(await rival.admin.get('/api/tokens'))).toEqual([]);
    expect((await rival.admin.delete(`/api/tokens/${token.id}`)).status).toBe(404);
    expect((await club.coach.delete(`/api/tokens/${token.id}`)).status).toBe(404);
  });

  it('opens only the replays and box scores of its own organization', async () => {
    const token = (await readJson(await club.admin.post('/api/tokens', { name: 'BI', organizationId: club.org.id })))
      .token;
    const bearer = (path: string, value = token) =>
      fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${value}` } });
    const { match, ava } = await liveMatch();
    await recordStat(club.coach, match.id, ava.id);
    const theirs = (await liveMatch(rival)).match;

    const replay = await bearer(`/api/matches/${match.id}/stats/stream`);
    expect(replay.status).toBe(200);
    expect(parseLines(await replay.text()).map((l) => l.type)).toEqual(['StatRecorded']);
    const box = await bearer(`/api/matches/${match.id}/box-score`);
    expect(await readJson(box)).toMatchObject({ matchId: match.id, scoreA: 1, scoreB: 0 });
    expect((await bearer(`/api/seasons/${club.season.id}/stats/stream`)).status).toBe(200);

    expect((await bearer(`/api/matches/${theirs.id}/stats/stream`)).status).toBe(404);
    expect((await bearer(`/api/matches/${theirs.id}/box-score`)).status).toBe(404);
    expect((await bearer(`/api/seasons/${rival.season.id}/stats/stream`)).status).toBe(404);
    // Nothing else: the token is not a session.
    for (const path of [`/api/matches/${match.id}`, `/api/matches/${match.id}/stats`, '/api/matches', '/api/tokens']) {
      expect((await bearer(path)).status, path).toBe(401);
    }
    expect((await bearer(`/api/matches/${match.id}/box-score`, `${token}x`)).status).toBe(401);
    expect((await bearer(`/api/matches/${match.id}/box-score`, 'sl_nope')).status).toBe(401);

    const [listed] = (await readJson(await club.admin.get('/api/tokens'))).filter(
      (t: { name: string }) => t.name === 'BI',
    );
    expect(listed.lastUsedAt).not.toBeNull();
    expect((await club.admin.delete(`/api/tokens/${listed.id}`)).status).toBe(204);
    expect((await bearer(`/api/matches/${match.id}/box-score`)).status).toBe(401);
  });
});

describe('season stat replay', () => {
  it("replays all the season's matches in log order for its admins; `from` resumes after a position", async () => {
    const one = await liveMatch();
    const two = await liveMatch();
    await recordStat(club.coach, one.match.id, one.ava.id);
    await recordStat(club.coach, two.match.id, two.ava.id);
    await recordStat(club.coachB, one.match.id, one.bo.id, 'saves', 2);

    const response = await club.admin.get(`/api/seasons/${club.season.id}/stats/stream`);
    expect(response.status).toBe(200);
    const lines = parseLines(await response.text());
    const ours = lines.filter((l) => [one.match.id, two.match.id].includes(l.data.matchId));
    expect(ours.map((l) => [l.data.matchId, l.data.statType])).toEqual([
      [one.match.id, 'goals'],
      [two.match.id, 'goals'],
      [one.match.id, 'saves'],
    ]);
    const positions = lines.map((l) => l.position.split('/').map(BigInt) as [bigint, bigint]);
    for (let i = 1; i < positions.length; i++) {
      const [a, b] = [positions[i - 1]!, positions[i]!];
      expect(a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])).toBe(true);
    }
    const after = ours[0]!.position;
    const resumed = parseLines(
      await (await club.admin.get(`/api/seasons/${club.season.id}/stats/stream?from=${after}`)).text(),
    );
    expect(resumed[0]).toEqual(lines[lines.indexOf(ours[0]!) + 1]);
    expect(resumed).toHaveLength(lines.length - lines.indexOf(ours[0]!) - 1);

    expect((await club.parent.get(`/api/seasons/${club.season.id}/stats/stream`)).status).toBe(404);
    expect((await rival.admin.get(`/api/seasons/${club.season.id}/stats/stream`)).status).toBe(404);
  });
});
