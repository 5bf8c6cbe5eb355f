import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import { readJson, type ApiClient } from './http-client.ts';
import { createClub, type Club } from './match-fixture.ts';
import { freePort, publish } from './rtmp-publisher.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { until } from './until.ts';

describe.each(await testDatabaseKinds())('consent at go-live (issue 34, %s)', (kind) => {
  let server: TestServer;
  let club: Club;
  let mia: { id: string };
  let rtmpPort: number;
  const logLines: string[] = [];

  beforeAll(async () => {
    rtmpPort = await freePort();
    server = await startTestServer({
      kind,
      env: {
        RTMP_ENABLED: '1',
        RTMP_PORT: String(rtmpPort),
        LIVESTREAM_GRACE_SECONDS: '3',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sideline-live-consent-')),
      },
      logger: createLogger({ level: 'info', destination: { write: (line: string) => void logLines.push(line) } }),
    });
    club = await createClub(server, 'Riverside');
    mia = (await readJson(await club.coach.post(`/api/teams/${club.teamA.id}/players`, { name: 'Mia' }))).player;
    const linked = await club.coach.post(`/api/teams/${club.teamA.id}/players/${mia.id}/guardians`, {
      userId: club.parent.userId,
    });
    expect(linked.status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const answer = async (body: Record<string, string>, playerId = mia.id) => {
    const response = await fetch(`${server.url}/api/teams/${club.teamA.id}/players/${playerId}/consents`, {
      method: 'PUT',
      headers: { cookie: club.parent.cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, textVersion: 1 }),
    });
    expect(response.status).toBe(200);
  };
  const createStream = async (isPublic: boolean) => {
    const response = await club.coach.post('/api/livestreams', {
      teamId: club.teamA.id,
      title: 'Hawks v Owls',
      isPublic,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return readJson(response);
  };
  const read = async (by: ApiClient, id: string) => readJson(await by.get(`/api/livestreams/${id}`));
  const rtmp = (key: string) => `rtmp://127.0.0.1:${rtmpPort}/live/${key}`;

  it('shows a private stream’s manager the players without livestream consent; no one else', async () => {
    const stream = await createStream(false);
    const unanswered = await read(club.coach, stream.id);
    // The team's other players may lack it too (the fixture's roster): Mia is among them until she answers.
    expect(unanswered.playersWithoutConsent).toEqual(expect.arrayContaining([{ id: mia.id, name: 'Mia' }]));
    expect((await read(club.parent, stream.id)).playersWithoutConsent).toBeUndefined();
    await answer({ livestream: 'given', public: 'withheld' });
    const given = await read(club.coach, stream.id);
    expect(given.playersWithoutConsent.map((p: { id: string }) => p.id)).not.toContain(mia.id);
    await answer({ livestream: 'withheld' });
    const withheld = await read(club.coach, stream.id);
    expect(withheld.playersWithoutConsent).toEqual(expect.arrayContaining([{ id: mia.id, name: 'Mia' }]));
  });

  it('refuses the RTMP publish of a public stream once a rostered player lacks consent, with a log line; takes it when consent is back', async () => {
    // Every rostered player consents, so the public stream is created.
    const roster = await readJson(await club.coach.get(`/api/teams/${club.teamA.id}/players`));
    const players: Array<{ id: string }> = roster.players ?? roster;
    expect(players.length).toBeGreaterThan(0);
    for (const p of players) {
      if (p.id === mia.id) continue;
      // The parent answers for the fixture's other players too: linked as their guardian here.
      const linked = await club.coach.post(`/api/teams/${club.teamA.id}/players/${p.id}/guardians`, {
        userId: club.parent.userId,
      });
      expect(linked.status).toBe(200);
      await answer({ livestream: 'given', public: 'given' }, p.id);
    }
    await answer({ livestream: 'given', public: 'given' });
    const stream = await createStream(true);

    await answer({ public: 'withheld' });
    const refused = publish(rtmp(stream.streamKey), 4);
    expect(await refused.exited).not.toBe(0);
    expect((await read(club.coach, stream.id)).status).toBe('scheduled');
    const line = logLines.find((l) => l.includes(`RTMP publish of public stream ${stream.id} refused`));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ livestreamId: stream.id, playersWithoutConsent: 1 });

    await answer({ public: 'given' });
    const taken = publish(rtmp(stream.streamKey), 5);
    await until(async () => (await read(club.coach, stream.id)).status === 'live', 8000);
    expect(await taken.exited).toBe(0);
  }, 60_000);
});
