import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@sideline/infra/testing';
import { readJson, type ApiClient } from './http-client.ts';
import { createClub, type Club } from './match-fixture.ts';
import { startTestServer, type TestServer } from './test-server.ts';

describe.each(await testDatabaseKinds())('consent for a child (%s)', (kind) => {
  let server: TestServer;
  let dataDir: string;
  let club: Club;
  let mia: { id: string };
  const consents = () => `/api/teams/${club.teamA.id}/players/${mia.id}/consents`;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-consent-'));
    server = await startTestServer({ kind, env: { TRUST_PROXY: '1', DATA_DIR: dataDir } });
    club = await createClub(server, 'Riverside');
    mia = (await readJson(await club.coach.post(`/api/teams/${club.teamA.id}/players`, { name: 'Mia' }))).player;
    const linked = await club.coach.post(`/api/teams/${club.teamA.id}/players/${mia.id}/guardians`, {
      userId: club.parent.userId,
    });
    expect(linked.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const put = (client: ApiClient, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${consents()}`, {
      method: 'PUT',
      headers: { cookie: client.cookie, origin: server.url, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('starts unknown for all three, with the default wording as version 1', async () => {
    const read = await readJson(await club.parent.get(consents()));
    expect(read).toMatchObject({
      playerId: mia.id,
      photos: { state: 'unknown', by: null, at: null, textVersion: null, effective: false },
      livestream: { state: 'unknown', effective: false },
      public: { state: 'unknown', effective: false },
      wording: { version: 1 },
      canAnswer: true,
      history: [],
    });
  });

  it('records a guardian’s answers with who, when, wording, address and browser, newest first', async () => {
    const first = await put(
      club.parent,
      { photos: 'given', livestream: 'given', public: 'withheld', textVersion: 1 },
      { 'user-agent': 'TestBrowser/1.0', 'x-forwarded-for': '203.0.113.7' },
    );
    expect(first.status).toBe(200);
    const withdrawn = await put(
      club.parent,
      { photos: 'withheld', textVersion: 1 },
      { 'x-forwarded-for': '203.0.113.8' },
    );
    const read = await readJson(withdrawn);
    expect(read.photos).toMatchObject({
      state: 'withheld',
      by: { id: club.parent.userId, name: 'Riverside Parent' },
      textVersion: 1,
      outdated: false,
      effective: false,
    });
    expect(read.livestream).toMatchObject({ state: 'given', effective: true });
    expect(read.public).toMatchObject({ state: 'withheld', effective: false });
    expect(read.history[0]).toMatchObject({ consent: 'photos', state: 'withheld' });
    expect(read.history).toHaveLength(4);
    expect(read.history[0]).toMatchObject({ address: '203.0.113.8', textVersion: 1 });
    expect(
      read.history
        .slice(1)
        .map((h: { consent: string }) => h.consent)
        .sort(),
    ).toEqual(['livestream', 'photos', 'public']);
    expect(read.history[1]).toMatchObject({ address: '203.0.113.7', browser: 'TestBrowser/1.0' });
    // The same answer again is no new entry.
    expect((await readJson(await put(club.parent, { photos: 'withheld', textVersion: 1 }))).history).toHaveLength(4);
  });

  it('lets the team’s managers and the organization’s admins read, and nobody else (404)', async () => {
    for (const reader of [club.coach, club.admin]) {
      const response = await reader.get(consents());
      expect(response.status).toBe(200);
      expect((await readJson(response)).canAnswer).toBe(false);
    }
    // A player of the team who is not Mia, and a coach of another team.
    for (const stranger of [club.ava, club.coachB]) expect((await stranger.get(consents())).status).toBe(404);
    expect((await club.parent.get(`/api/teams/${club.teamA.id}/players/nobody/consents`)).status).toBe(404);
    expect((await fetch(`${server.url}${consents()}`)).status).toBe(401);
  });

  it('refuses answers from anyone but a guardian with 403 (managers, admins, other members, outsiders); an unknown player 404', async () => {
    // The team's manager and the organization's admin, a player of the team who is not Mia, a coach of another team.
    for (const other of [club.coach, club.admin, club.ava, club.coachB]) {
      const response = await put(other, { photos: 'given', textVersion: 1 });
      expect(response.status).toBe(403);
      expect((await readJson(response)).code).toBe('GUARDIANS_ONLY');
    }
    const nobody = await fetch(`${server.url}/api/teams/${club.teamA.id}/players/nobody/consents`, {
      method: 'PUT',
      headers: { cookie: club.parent.cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ photos: 'given', textVersion: 1 }),
    });
    expect(nobody.status).toBe(404);
    // Nothing of theirs reached the ledger.
    expect((await readJson(await club.parent.get(consents()))).history).toHaveLength(4);
  });

  it('refuses bad input with field messages', async () => {
    const cases: Array<[unknown, string]> = [
      [{ textVersion: 1 }, 'photos'],
      [{ photos: 'yes', textVersion: 1 }, 'photos'],
      [{ photos: 'given' }, 'textVersion'],
      [{ photos: 'given', textVersion: 'one' }, 'textVersion'],
    ];
    for (const [body, field] of cases) {
      const response = await put(club.parent, body);
      expect(response.status).toBe(400);
      expect(Object.keys((await readJson(response)).fieldErrors)).toContain(field);
    }
    const unknown = await put(club.parent, { photos: 'given', selfies: 'given', textVersion: 1 });
    expect(unknown.status).toBe(400);
  });

  it('changing the wording bumps its version, flags older answers, and refuses answers to the old one (409)', async () => {
    const settings = `/api/organizations/${club.org.id}/settings/consent`;
    expect(await readJson(await club.admin.get(settings))).toMatchObject({ version: 1, unknownTeamOnly: 'askFirst' });
    expect((await club.coach.get(settings)).status).toBe(403);
    expect((await club.admin.put(settings, { text: '' })).status).toBe(400);
    expect((await club.coach.put(settings, { text: 'Mine' })).status).toBe(403);
    const changed = await readJson(await club.admin.put(settings, { text: 'Riverside’s own words' }));
    expect(changed).toMatchObject({ text: 'Riverside’s own words', version: 2 });
    // The organization's settings show the wording and its version too.
    for (const path of [`/api/organizations/${club.org.id}/settings`, '/api/admin/settings']) {
      expect((await readJson(await club.admin.get(path))).consent).toMatchObject({
        text: 'Riverside’s own words',
        version: 2,
        unknownTeamOnly: 'askFirst',
      });
    }

    const read = await readJson(await club.parent.get(consents()));
    expect(read.wording).toEqual({ text: 'Riverside’s own words', version: 2 });
    expect(read.livestream).toMatchObject({ state: 'given', textVersion: 1, outdated: true, effective: true });
    const stale = await put(club.parent, { livestream: 'given', textVersion: 1 });
    expect(stale.status).toBe(409);
    expect(await readJson(stale)).toMatchObject({ code: 'CONSENT_TEXT_OUTDATED', currentTextVersion: 2 });
    const confirmed = await readJson(await put(club.parent, { livestream: 'given', textVersion: 2 }));
    expect(confirmed.livestream).toMatchObject({ textVersion: 2, outdated: false });
  });

  it('counts unknown team-only consent as given only when the organization says so; public never', async () => {
    const ben = (await readJson(await club.coach.post(`/api/teams/${club.teamA.id}/players`, { name: 'Ben' }))).player;
    const summary = async () => readJson(await club.coach.get(`/api/teams/${club.teamA.id}/consents`));
    const benRow = async () => (await summary()).players.find((p: { playerId: string }) => p.playerId === ben.id);
    expect(await benRow()).toEqual({ playerId: ben.id, photos: false, livestream: false, public: false });
    expect((await summary()).withoutPhotos).toBe(2);
    await club.admin.put(`/api/organizations/${club.org.id}/settings/consent`, { unknownTeamOnly: 'granted' });
    expect(await benRow()).toEqual({ playerId: ben.id, photos: true, livestream: true, public: false });
    // Mia's withheld photo consent stays withheld.
    expect((await summary()).withoutPhotos).toBe(1);
    expect((await club.parent.get(`/api/teams/${club.teamA.id}/consents`)).status).toBe(403);
    await club.admin.put(`/api/organizations/${club.org.id}/settings/consent`, { unknownTeamOnly: 'askFirst' });
  });

  it('shows the consents as they stood at a moment (?at=)', async () => {
    const read = await readJson(await club.parent.get(consents()));
    const firstAnswer = read.history[read.history.length - 1].at;
    const then = await readJson(await club.parent.get(`${consents()}?at=${encodeURIComponent(firstAnswer)}`));
    expect(then.photos.state).toBe('given');
    expect(read.photos.state).toBe('withheld');
    const before = new Date(Date.parse(firstAnswer) - 1000).toISOString();
    expect((await readJson(await club.parent.get(`${consents()}?at=${encodeURIComponent(before)}`))).photos.state).toBe(
      'unknown',
    );
  });

  it('shows consents on the roster at a moment (?at=) as they stood, to those who may read them only', async () => {
    const players = `/api/teams/${club.teamA.id}/players`;
    const miaOf = async (client: ApiClient, at?: string) => {
      const response = await client.get(at ? `${players}?at=${encodeURIComponent(at)}` : players);
      expect(response.status).toBe(200);
      return (await readJson(response)).find((p: { id: string }) => p.id === mia.id);
    };
    const ledger = (await readJson(await club.parent.get(consents()))).history;
    const firstAnswer = ledger[ledger.length - 1].at;
    const then = await miaOf(club.coach, firstAnswer);
    expect(then.consents).toEqual({
      photos: {
        state: 'given',
        by: { id: club.parent.userId, name: 'Riverside Parent' },
        at: firstAnswer,
        textVersion: 1,
      },
      livestream: expect.objectContaining({ state: 'given', textVersion: 1 }),
      public: expect.objectContaining({ state: 'withheld', textVersion: 1 }),
    });
    // Now: photos withdrawn, livestream confirmed under the new wording.
    const now = await miaOf(club.coach);
    expect(now.consents.photos).toMatchObject({ state: 'withheld', textVersion: 1 });
    expect(now.consents.livestream).toMatchObject({ state: 'given', textVersion: 2 });
    // When she was added, before anyone answered: all unknown.
    const before = now.addedAt;
    expect(Date.parse(before)).toBeLessThan(Date.parse(firstAnswer));
    expect((await miaOf(club.admin, before)).consents).toEqual({
      photos: { state: 'unknown', by: null, at: null, textVersion: null },
      livestream: { state: 'unknown', by: null, at: null, textVersion: null },
      public: { state: 'unknown', by: null, at: null, textVersion: null },
    });
    // Her guardian sees them; another member of the team sees the roster without them.
    expect((await miaOf(club.parent, firstAnswer)).consents.photos.state).toBe('given');
    expect(await miaOf(club.ava, firstAnswer)).not.toHaveProperty('consents');
    expect(await miaOf(club.ava)).not.toHaveProperty('consents');
  });

  it('refuses an upload naming a child without photo consent (409 CONSENT_MISSING); hides and shows media as consent is withdrawn and given', async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#1d6f42' } })
      .png()
      .toBuffer();
    const upload = (players: string | string[], field = 'players') => {
      const form = new FormData();
      form.append('type', 'photo');
      for (const value of Array.isArray(players) ? players : [players]) form.append(field, value);
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'team.png');
      return fetch(`${server.url}/api/teams/${club.teamA.id}/media/upload`, {
        method: 'POST',
        headers: { cookie: club.coach.cookie, origin: server.url },
        body: form,
      });
    };
    const refused = await upload(mia.id);
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toMatchObject({ code: 'CONSENT_MISSING', players: [{ id: mia.id, name: 'Mia' }] });
    // However the ids come, Mia is found: a JSON array, the field repeated, `players[]`.
    const ben = (await readJson(await club.coach.get(`/api/teams/${club.teamA.id}/players`))).find(
      (p: { name: string }) => p.name === 'Ben',
    );
    for (const refusedToo of [
      await upload(JSON.stringify([ben.id, mia.id])),
      await upload([mia.id, ben.id]),
      await upload([ben.id, mia.id], 'players[]'),
    ]) {
      expect(refusedToo.status).toBe(409);
      const { code, players } = await readJson(refusedToo);
      expect(code).toBe('CONSENT_MISSING');
      expect(players).toEqual(expect.arrayContaining([{ id: mia.id, name: 'Mia' }]));
    }
    const stranger = await upload(`${mia.id},not-a-player`);
    expect(stranger.status).toBe(400);
    expect((await readJson(stranger)).fieldErrors).toEqual({ players: ['Name only players of this team'] });

    await put(club.parent, { photos: 'given', textVersion: 2 });
    const uploaded = await upload(mia.id);
    expect(uploaded.status).toBe(201);
    const photo = await readJson(uploaded);

    const listed = async (client: ApiClient) =>
      (await readJson(await client.get(`/api/teams/${club.teamA.id}/media`))).find(
        (m: { id: string }) => m.id === photo.id,
      );
    const file = (client: ApiClient) => client.get(photo.url);
    expect(await listed(club.ava)).toMatchObject({ id: photo.id });
    expect((await listed(club.ava)).hiddenByConsent).toBeUndefined();
    const served = await file(club.ava);
    expect(served.status).toBe(200);
    // Naming a child, it is asked for again each time (no copy kept for a day in members' browsers).
    expect(served.headers.get('cache-control')).toBe('private, no-cache');

    // Withdrawn: gone from another member's view, still the uploader's (marked).
    await put(club.parent, { photos: 'withheld', textVersion: 2 });
    expect(await listed(club.ava)).toBeUndefined();
    expect((await file(club.ava)).status).toBe(404);
    expect(await listed(club.coach)).toMatchObject({ id: photo.id, hiddenByConsent: true });
    expect((await file(club.coach)).status).toBe(200);
    // The organization's admins see it too, marked.
    expect(await listed(club.admin)).toMatchObject({ id: photo.id, hiddenByConsent: true });
    expect((await file(club.admin)).status).toBe(200);

    // Given again: back for everyone.
    await put(club.parent, { photos: 'given', textVersion: 2 });
    expect(await listed(club.ava)).toMatchObject({ id: photo.id });
    expect((await listed(club.coach)).hiddenByConsent).toBeUndefined();

    const activity = await readJson(await club.admin.get(`/api/organizations/${club.org.id}/activity?limit=50`));
    const lines = activity.map((a: { description: string }) => a.description);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Riverside Parent withheld photo consent for Mia (wording v2): the media naming them is hidden from members',
        'Riverside Parent gave photo consent for Mia (wording v2): the media naming them is shown to members again',
      ]),
    );
    // Leave Mia's photo consent withheld, as the tests after this expect.
    await put(club.parent, { photos: 'withheld', textVersion: 2 });
  });

  it('refuses a public stream while a rostered player lacks public and livestream consent (409 naming them); a private one is created', async () => {
    const create = (isPublic: boolean) =>
      club.coach.post('/api/livestreams', { teamId: club.teamA.id, title: 'Hawks v Owls', isPublic });
    const refused = await create(true);
    expect(refused.status).toBe(409);
    const body = await readJson(refused);
    expect(body.code).toBe('CONSENT_MISSING');
    expect(body.players).toEqual(expect.arrayContaining([{ id: mia.id, name: 'Mia', missing: ['public'] }]));
    expect(body.players.find((p: { name: string }) => p.name === 'Ben').missing).toEqual(['public', 'livestream']);
    // The private one is created, and its manager is told at once who lacks livestream consent.
    const created = await create(false);
    expect(created.status).toBe(201);
    const without = (await readJson(created)).playersWithoutConsent;
    expect(without).toEqual(expect.arrayContaining([{ id: expect.any(String), name: 'Ben' }]));
    expect(without.map((p: { id: string }) => p.id)).not.toContain(mia.id);
  });

  it('gives the organization’s admins every player’s state and last change, as JSON and CSV', async () => {
    const rows = await readJson(await club.admin.get(`/api/admin/consents?teamId=${club.teamA.id}`));
    const miaRow = rows.find((r: { playerId: string }) => r.playerId === mia.id);
    expect(miaRow).toMatchObject({
      teamId: club.teamA.id,
      teamName: 'Riverside Hawks',
      playerName: 'Mia',
      photos: 'withheld',
      livestream: 'given',
      public: 'withheld',
      outdated: true,
    });
    expect(miaRow.lastChangedAt).toEqual(expect.any(String));
    const csv = await club.admin.get(`/api/admin/consents?teamId=${club.teamA.id}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('teamId,teamName,playerId,playerName,photos,livestream,public,lastChangedAt,outdated');
    expect(lines.some((l) => l.includes(`${mia.id},Mia,withheld,given,withheld`))).toBe(true);
    expect((await club.coach.get('/api/admin/consents')).status).toBe(403);
    expect((await club.admin.get('/api/admin/consents?teamId=nope')).status).toBe(404);
    expect((await club.admin.get('/api/admin/consents?format=xml')).status).toBe(400);
  });
});
