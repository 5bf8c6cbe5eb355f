import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@sideline/infra/testing';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { createClub, type Club } from './match-fixture.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * ADR 0026: an adult player answers their own consents. The roster's adult marker is set by a
 * manager; until it is, the player's own account reads its consents but cannot answer them.
 */
describe.each(await testDatabaseKinds())('an adult player’s own consents (%s)', (kind) => {
  let server: TestServer;
  let club: Club;
  let alex: ApiClient;
  let player: { id: string };
  const roster = () => `/api/teams/${club.teamA.id}/players/${player.id}`;
  const consents = () => `${roster()}/consents`;

  beforeAll(async () => {
    server = await startTestServer({ kind, env: { TRUST_PROXY: '1' } });
    club = await createClub(server, 'Northside');
    // A player invited by email: accepting links the account to the roster entry.
    const email = `alex-${Date.now()}@example.com`;
    const invited = await club.coach.post(`/api/teams/${club.teamA.id}/invite`, {
      inviteType: 'player',
      name: 'Alex Adult',
      email,
    });
    expect(invited.status, await invited.clone().text()).toBe(201);
    const body = await readJson(invited);
    player = body.player;
    alex = await signUp(server.url, 'player', 'Alex Adult', { email, forwardedFor: '10.9.0.1' });
    const token = new URL(body.invitation.url).searchParams.get('token');
    expect((await alex.post(`/api/invite/${token}/accept`)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lets the player’s own account read its consents, but not answer while the roster says child', async () => {
    const read = await alex.get(consents());
    expect(read.status).toBe(200);
    expect((await readJson(read)).canAnswer).toBe(false);
    const answered = await alex.put(consents(), { photos: 'given', textVersion: 1 });
    expect(answered.status).toBe(403);
    expect((await readJson(answered)).code).toBe('GUARDIANS_ONLY');
  });

  it('lets only a manager mark the player adult, and the roster shows it', async () => {
    for (const notManager of [alex, club.parent]) {
      const refused = await notManager.patch(roster(), { adult: true });
      expect(refused.status).toBe(403);
      expect((await readJson(refused)).code).toBe('TEAM_MANAGERS_ONLY');
    }
    expect((await club.coachB.patch(roster(), { adult: true })).status).toBe(404);
    const bad = await club.coach.patch(roster(), { adult: 'yes' });
    expect(bad.status).toBe(400);
    expect(Object.keys((await readJson(bad)).fieldErrors)).toContain('adult');

    const marked = await club.coach.patch(roster(), { adult: true });
    expect(marked.status).toBe(200);
    expect(await readJson(marked)).toMatchObject({ id: player.id, adult: true, account: { userId: alex.userId } });
    const players = await readJson(await club.ava.get(`/api/teams/${club.teamA.id}/players`));
    expect(players.find((p: { id: string }) => p.id === player.id)).toMatchObject({ adult: true });
  });

  it('records an adult player’s own answers as the player’s, and lets them read them', async () => {
    const answered = await alex.put(consents(), { photos: 'given', livestream: 'withheld', textVersion: 1 });
    expect(answered.status, await answered.clone().text()).toBe(200);
    const read = await readJson(await alex.get(consents()));
    expect(read).toMatchObject({
      canAnswer: true,
      photos: { state: 'given', by: { id: alex.userId, name: 'Alex Adult' }, effective: true },
      livestream: { state: 'withheld', effective: false },
      public: { state: 'unknown' },
    });
    expect(read.history).toHaveLength(2);
    // The coach sees the same answers and still cannot answer.
    const coachRead = await readJson(await club.coach.get(consents()));
    expect(coachRead).toMatchObject({ canAnswer: false, photos: { state: 'given' } });
    expect((await club.coach.put(consents(), { photos: 'withheld', textVersion: 1 })).status).toBe(403);
  });

  it('marks a player added as an adult at once, and takes the answering back when marked a child', async () => {
    const added = await club.coach.post(`/api/teams/${club.teamA.id}/players`, { name: 'Sam Senior', adult: true });
    expect(added.status).toBe(201);
    expect((await readJson(added)).player).toMatchObject({ name: 'Sam Senior', adult: true });

    const child = await club.coach.patch(roster(), { adult: false });
    expect(await readJson(child)).toMatchObject({ adult: false });
    expect((await alex.put(consents(), { photos: 'withheld', textVersion: 1 })).status).toBe(403);
    const read = await readJson(await alex.get(consents()));
    // The answers given while an adult stay in the ledger.
    expect(read).toMatchObject({ canAnswer: false, photos: { state: 'given' } });
  });

  it('the chat photo flow: a photo naming a child without photo consent is refused before any message is sent', async () => {
    // The chat's image button uploads through the team's media upload, then sends the message with
    // the photo's URL: the same `players` and the same 409 apply.
    const kim = (await readJson(await club.coach.post(`/api/teams/${club.teamA.id}/players`, { name: 'Kim' }))).player;
    await club.coach.post(`/api/teams/${club.teamA.id}/players/${kim.id}/guardians`, { userId: club.parent.userId });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#224488' } })
      .png()
      .toBuffer();
    const upload = () => {
      const form = new FormData();
      form.append('type', 'photo');
      form.append('players', kim.id);
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'chat.png');
      return fetch(`${server.url}/api/teams/${club.teamA.id}/media/upload`, {
        method: 'POST',
        headers: { cookie: club.ava.cookie, origin: server.url },
        body: form,
      });
    };
    const refused = await upload();
    expect(refused.status).toBe(409);
    const body = await readJson(refused);
    expect(body).toMatchObject({ code: 'CONSENT_MISSING', players: [{ id: kim.id, name: 'Kim' }] });
    expect(body.message).toContain('No photo consent for Kim');

    const version = (await readJson(await club.parent.get(`/api/teams/${club.teamA.id}/players/${kim.id}/consents`)))
      .wording.version;
    expect(
      (
        await club.parent.put(`/api/teams/${club.teamA.id}/players/${kim.id}/consents`, {
          photos: 'given',
          textVersion: version,
        })
      ).status,
    ).toBe(200);
    const uploaded = await upload();
    expect(uploaded.status).toBe(201);
    const photo = await readJson(uploaded);
    const sent = await club.ava.post(`/api/teams/${club.teamA.id}/messages`, {
      text: '📷 Photo shared',
      mediaUrl: photo.url,
    });
    expect(sent.status).toBe(201);
    expect(await readJson(sent)).toMatchObject({ mediaUrl: photo.url });
  });
});
