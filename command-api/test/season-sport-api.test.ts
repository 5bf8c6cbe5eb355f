import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seasonStream } from '@sideline/domain';
import { testDatabaseKinds } from '@sideline/infra/testing';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const dates = () => ({ startDate: day(-30), endDate: day(60) });

/** Spec part 2 §3 and §5: a season has sportId (a catalogue id) and sportName; the form requires sportId. */
describe.each(await testDatabaseKinds())('season sport on %s', (kind) => {
  let server: TestServer;
  let admin: ApiClient;
  let member: ApiClient;
  let org: { id: string };

  beforeAll(async () => {
    server = await startTestServer({ kind });
    [admin, member] = await Promise.all([
      signUp(server.url, 'coach', 'Alex Admin'),
      signUp(server.url, 'parent', 'Pat Parent'),
    ]);
    org = await readJson(await admin.post('/api/organizations', { name: 'Riverside FC' }));
  });
  afterAll(async () => {
    await server?.close();
  });

  const createSeason = (body: object) => admin.post(`/api/organizations/${org.id}/seasons`, body);

  /** The season as every read answers it: detail, the caller's list, the org's list, the admin portal. */
  async function everyRead(seasonId: string) {
    const find = (list: { id: string }[]) => list.find((s) => s.id === seasonId);
    return [
      await readJson(await admin.get(`/api/seasons/${seasonId}`)),
      find(await readJson(await admin.get('/api/seasons'))),
      find(await readJson(await admin.get(`/api/organizations/${org.id}/seasons`))),
      find(await readJson(await admin.get(`/api/admin/seasons?orgId=${org.id}`))),
    ];
  }

  it('creates a season from the spec’s form (sportId) and answers sportId and sportName everywhere', async () => {
    const created = await createSeason({ name: 'Spring', sportId: 'track_field', ...dates() });
    expect(created.status).toBe(201);
    const season = await readJson(created);
    const sport = { sportId: 'track_field', sportName: 'Track & Field', sport: 'Track & Field' };
    expect(season).toMatchObject({ name: 'Spring', ...sport });
    for (const read of await everyRead(season.id)) expect(read).toMatchObject({ id: season.id, ...sport });
    // A team added to it plays its sport.
    const team = await readJson(
      await admin.post(`/api/organizations/${org.id}/teams`, { seasonId: season.id, name: 'Sprinters' }),
    );
    expect(team).toMatchObject({ sport: 'Track & Field' });
  });

  it('still takes the sport by name from older clients, as its catalogue id', async () => {
    const created = await createSeason({ name: 'Summer', sport: 'Basketball', ...dates() });
    expect(created.status).toBe(201);
    const season = await readJson(created);
    for (const read of await everyRead(season.id)) {
      expect(read).toMatchObject({ sportId: 'basketball', sportName: 'Basketball', sport: 'Basketball' });
    }
    const edited = await admin.put(`/api/seasons/${season.id}`, { name: 'Summer', sport: 'Volleyball', ...dates() });
    expect(await readJson(edited)).toMatchObject({ sportId: 'volleyball', sportName: 'Volleyball' });
  });

  it('refuses an unknown sportId and a missing sport with 400 naming sportId', async () => {
    const unknown = await createSeason({ name: 'Winter', sportId: 'curling', ...dates() });
    expect(unknown.status).toBe(400);
    expect((await readJson(unknown)).fieldErrors).toEqual({
      sportId: ['Choose a sport from the list (GET /api/sports)'],
    });
    const missing = await createSeason({ name: 'Winter', ...dates() });
    expect(missing.status).toBe(400);
    expect((await readJson(missing)).fieldErrors).toEqual({ sportId: ['Sport is required'] });
    const blank = await createSeason({ name: 'Winter', sportId: '', ...dates() });
    expect((await readJson(blank)).fieldErrors).toEqual({ sportId: ['Sport is required'] });
    const season = await readJson(await createSeason({ name: 'Winter', sportId: 'hockey', ...dates() }));
    const edit = await admin.put(`/api/seasons/${season.id}`, { name: 'Winter', sportId: 'quidditch', ...dates() });
    expect(edit.status).toBe(400);
    expect((await readJson(edit)).fieldErrors).toEqual({ sportId: ['Choose a sport from the list (GET /api/sports)'] });
  });

  it('documents sportId in the OpenAPI document', async () => {
    const doc = await readJson(await fetch(`${server.url}/api/docs/json`));
    const body = doc.paths['/api/organizations/{orgId}/seasons'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['sportId', 'sport']));
    const season = doc.paths['/api/seasons/{seasonId}'].get.responses['200'].content['application/json'].schema;
    expect(season.required).toEqual(expect.arrayContaining(['sportId', 'sportName']));
  });

  it('reads a season whose stored SeasonCreated names the sport (the first shape), and edits it', async () => {
    // As seasons were recorded before they carried the catalogue id; the stored event is never rewritten.
    const seasonId = randomUUID();
    const appended = await server.eventStore.appendToStream(
      seasonStream(seasonId),
      [
        {
          type: 'SeasonCreated',
          data: {
            seasonId,
            orgId: org.id,
            name: 'Legacy',
            sport: 'Track & Field',
            ...dates(),
            isActive: true,
            by: admin.userId,
          },
          metadata: {
            actorId: admin.userId,
            correlationId: randomUUID(),
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await server.server.runner!.waitUntil(appended.position);
    for (const read of await everyRead(seasonId)) {
      expect(read).toMatchObject({ id: seasonId, sportId: 'track_field', sportName: 'Track & Field' });
    }
    // Another organization's people still cannot see it.
    expect((await member.get(`/api/seasons/${seasonId}`)).status).toBe(404);

    // The edit folds the old event: the same sport by id changes nothing, a new one is recorded.
    const same = await admin.put(`/api/seasons/${seasonId}`, { name: 'Legacy', sportId: 'track_field', ...dates() });
    expect(same.status).toBe(200);
    expect((await server.eventStore.readStream(seasonStream(seasonId))).map((e) => e.type)).toEqual(['SeasonCreated']);
    const moved = await admin.put(`/api/seasons/${seasonId}`, { name: 'Legacy', sportId: 'golf', ...dates() });
    expect(await readJson(moved)).toMatchObject({ sportId: 'golf', sportName: 'Golf', sport: 'Golf' });
    const stored = await server.eventStore.readStream(seasonStream(seasonId));
    expect(stored.map((e) => [e.type, e.data])).toEqual([
      ['SeasonCreated', expect.objectContaining({ sport: 'Track & Field' })],
      ['SeasonUpdated', expect.objectContaining({ sportId: 'golf' })],
    ]);
    const activity = await readJson(await admin.get(`/api/admin/activity?orgId=${org.id}&type=SeasonCreated`));
    expect(activity.items.map((a: { description: string }) => a.description)).toContain(
      'Alex Admin created the season Legacy (Track & Field)',
    );
  });
});
