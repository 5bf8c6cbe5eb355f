import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamStream } from '@sideline/domain';
import { testDatabaseKinds } from '@sideline/infra/testing';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** PUT /api/teams/{id} changes what it is sent and keeps what it is not. */
describe.each(await testDatabaseKinds())('partial team edit on %s', (kind) => {
  let server: TestServer;
  let admin: ApiClient;
  let team: { id: string };

  beforeAll(async () => {
    server = await startTestServer({ kind });
    admin = await signUp(server.url, 'coach', 'Alex Admin');
    const org = await readJson(
      await admin.post('/api/organizations', { name: 'Riverside FC', timezone: 'America/Chicago' }),
    );
    const season = await readJson(
      await admin.post(`/api/organizations/${org.id}/seasons`, {
        name: 'Spring',
        sportId: 'basketball',
        startDate: '2026-03-01',
        endDate: '2026-06-30',
      }),
    );
    team = await readJson(
      await admin.post(`/api/organizations/${org.id}/teams`, { seasonId: season.id, name: 'Tigers', ageGroup: 'U14' }),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const edit = async (body: object) => {
    const response = await admin.put(`/api/teams/${team.id}`, body);
    return { status: response.status, body: await readJson(response) };
  };
  const profile = (t: { name: string; sport: string; ageGroup: string | null; timeZone: string | null }) => ({
    name: t.name,
    sport: t.sport,
    ageGroup: t.ageGroup,
    timeZone: t.timeZone,
  });

  it('keeps the age group when the spec’s Edit Team sends only {name, sport}, and takes {timeZone} alone', async () => {
    expect(profile(team as never)).toEqual({ name: 'Tigers', sport: 'Basketball', ageGroup: 'U14', timeZone: null });
    const renamed = await edit({ name: 'U14 Tigers', sport: 'Soccer' });
    expect(renamed.status).toBe(200);
    expect(profile(renamed.body)).toEqual({ name: 'U14 Tigers', sport: 'Soccer', ageGroup: 'U14', timeZone: null });

    const zoned = await edit({ timeZone: 'Europe/London' });
    expect(zoned.status).toBe(200);
    const expected = { name: 'U14 Tigers', sport: 'Soccer', ageGroup: 'U14', timeZone: 'Europe/London' };
    expect(profile(zoned.body)).toEqual(expected);
    const { timeZone: _zone, ...read } = expected;
    expect(await readJson(await admin.get(`/api/teams/${team.id}`))).toMatchObject(read);
  });

  it('clears a nullable field only when it is sent as null (or empty), and records nothing for nothing', async () => {
    const before = (await server.eventStore.readStream(teamStream(team.id))).length;
    expect((await edit({})).status).toBe(200);
    expect((await edit({ sport: 'Soccer' })).status).toBe(200);
    expect(await server.eventStore.readStream(teamStream(team.id))).toHaveLength(before);

    const cleared = await edit({ ageGroup: null, timeZone: null });
    expect(profile(cleared.body)).toEqual({ name: 'U14 Tigers', sport: 'Soccer', ageGroup: null, timeZone: null });
    const again = await edit({ ageGroup: 'U15' });
    expect(profile(again.body)).toMatchObject({ ageGroup: 'U15' });
    expect(profile((await edit({ ageGroup: '' })).body)).toMatchObject({ ageGroup: null });

    // A name that is sent is still required; a sport must be one of the list.
    const blank = await edit({ name: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors).toEqual({ name: ['Team name is required'] });
    expect((await edit({ sport: null })).status).toBe(400);
  });
});
