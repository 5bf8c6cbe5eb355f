import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@sideline/infra/testing';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// GET answers are kept in memory until the projectors announce a change to their team (or
// user). These tests probe the cache by changing a read-model row behind the projectors' back:
// while an answer is served from memory the tampered row does not show; once the team changes
// (a real command), the next read is fresh and shows it.

describe.each(await testDatabaseKinds())('cached reads on %s', (kind) => {
  let server: TestServer;
  let coach: ApiClient;
  let parent: ApiClient;
  let outsider: ApiClient;
  let teamA: { id: string; code: string };
  let teamB: { id: string; code: string };

  beforeAll(async () => {
    server = await startTestServer({ kind });
    [coach, parent, outsider] = await Promise.all([
      signUp(server.url, 'coach', 'Casey Cache'),
      signUp(server.url, 'parent', 'Pat Parent'),
      signUp(server.url, 'coach', 'Olly Outsider'),
    ]);
    teamA = await readJson(await coach.post('/api/teams', { name: 'Ravens', sport: 'Soccer' }));
    teamB = await readJson(await coach.post('/api/teams', { name: 'Owls', sport: 'Soccer' }));
    expect((await parent.post('/api/teams/join', { code: teamA.code })).status).toBe(200);
    for (const text of ['Kick-off at ten', 'Bring water']) {
      expect((await coach.post(`/api/teams/${teamA.id}/messages`, { text, clientId: randomUUID() })).status).toBe(201);
    }
    expect(
      (await coach.post(`/api/teams/${teamB.id}/messages`, { text: 'Owls hello', clientId: randomUUID() })).status,
    ).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
  });

  const send = (client: ApiClient, path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers: { cookie: client.cookie, ...headers } });

  /** Rewrites the stored text of a team's messages without any event (what only a cache would hide). */
  const tamperMessages = (teamId: string, text: string) =>
    sql`UPDATE messages SET text = ${text} WHERE team_id = ${teamId}`.execute(server.database.db);

  describe('ETag and 304', () => {
    it('answers If-None-Match with 304, and with 200 and a new ETag once the team has a new message', async () => {
      const path = `/api/teams/${teamA.id}/messages`;
      const first = await send(parent, path);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('private, no-cache');

      const again = await send(parent, path, { 'if-none-match': etag! });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);

      expect((await coach.post(path, { text: 'Moved to eleven', clientId: randomUUID() })).status).toBe(201);
      const changed = await send(parent, path, { 'if-none-match': etag! });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(((await changed.json()) as Array<{ text: string }>).at(-1)!.text).toBe('Moved to eleven');
    });

    it('gives the same ETag for the same answer whether it came from memory or the database', async () => {
      const path = `/api/teams/${teamA.id}/messages/pinned`;
      const fresh = await send(coach, path);
      const cached = await send(coach, path);
      expect(cached.headers.get('etag')).toBe(fresh.headers.get('etag'));
      expect(await cached.text()).toBe(await fresh.text());
      expect(cached.headers.get('content-type')).toBe(fresh.headers.get('content-type'));
    });
  });

  describe('invalidation by the projectors', () => {
    it("serves a team's messages from memory until that team changes; another team's change leaves it", async () => {
      const path = `/api/teams/${teamA.id}/messages`;
      const before = (await readJson(await send(coach, path))) as Array<{ text: string }>;
      await tamperMessages(teamA.id, 'tampered');
      expect(await readJson(await send(coach, path))).toEqual(before);

      // Team B changes: team A's answer stays cached.
      expect(
        (await coach.post(`/api/teams/${teamB.id}/messages`, { text: 'Owls news', clientId: randomUUID() })).status,
      ).toBe(201);
      expect(await readJson(await send(coach, path))).toEqual(before);
      const owls = (await readJson(await send(coach, `/api/teams/${teamB.id}/messages`))) as Array<{ text: string }>;
      expect(owls.at(-1)!.text).toBe('Owls news');

      // Team A changes: the very next read is fresh (and so shows the tampered rows too).
      expect((await coach.post(path, { text: 'Ravens news', clientId: randomUUID() })).status).toBe(201);
      const after = (await readJson(await send(coach, path))) as Array<{ text: string }>;
      expect(after.at(-1)!.text).toBe('Ravens news');
      expect(after.slice(0, -1).every((m) => m.text === 'tampered')).toBe(true);
    });

    it('shows an RSVP in the upcoming events on the very next read', async () => {
      const path = `/api/teams/${teamA.id}/events/upcoming`;
      const event = await readJson(
        await coach.post(`/api/teams/${teamA.id}/events`, {
          title: 'Derby',
          date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        }),
      );
      const listed = (await readJson(await send(parent, path))) as Array<{ id: string; rsvps: unknown[] }>;
      expect(listed.find((e) => e.id === event.id)!.rsvps).toEqual([]);
      expect((await parent.post(`/api/events/${event.id}/rsvp`, { status: 'yes' })).status).toBe(200);
      const answered = (await readJson(await send(parent, path))) as Array<{ id: string; rsvps: unknown[] }>;
      expect(answered.find((e) => e.id === event.id)!.rsvps).toMatchObject([{ userId: parent.userId, status: 'yes' }]);
      const all = (await readJson(await send(coach, `/api/teams/${teamA.id}/events`))) as Array<{
        id: string;
        rsvps: unknown[];
      }>;
      expect(all.find((e) => e.id === event.id)!.rsvps).toMatchObject([{ userId: parent.userId, status: 'yes' }]);
    });

    it("updates a member's list of teams when someone else joins one of them (its member count)", async () => {
      const teams = async () =>
        (await readJson(await send(coach, '/api/teams'))) as Array<{ id: string; memberCount: number }>;
      const count = (await teams()).find((t) => t.id === teamB.id)!.memberCount;
      expect((await parent.post('/api/teams/join', { code: teamB.code })).status).toBe(200);
      expect((await teams()).find((t) => t.id === teamB.id)!.memberCount).toBe(count + 1);
      // And the joiner's own list has the team at once.
      const own = (await readJson(await send(parent, '/api/teams'))) as Array<{ id: string }>;
      expect(own.map((t) => t.id)).toContain(teamB.id);
    });

    it('shows the XP an RSVP earned in GET /api/user on the very next read', async () => {
      const xp = async () => ((await readJson(await send(parent, '/api/user'))) as { xp: number }).xp;
      const before = await xp();
      expect(await xp()).toBe(before);
      const event = await readJson(
        await coach.post(`/api/teams/${teamA.id}/events`, {
          title: 'Training',
          date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        }),
      );
      // An RSVP waits for every projector (rewards too) before it answers.
      expect((await parent.post(`/api/events/${event.id}/rsvp`, { status: 'maybe' })).status).toBe(200);
      expect(await xp()).toBeGreaterThan(before);
    });

    it('keeps likedByMe per member: one member liking an item changes only their own answer', async () => {
      const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#335577' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('type', 'photo');
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'team.png');
      const uploaded = await fetch(`${server.url}/api/teams/${teamA.id}/media/upload`, {
        method: 'POST',
        headers: { cookie: coach.cookie, origin: server.url },
        body: form,
      });
      expect(uploaded.status).toBe(201);
      const { id } = (await uploaded.json()) as { id: string };
      const path = `/api/teams/${teamA.id}/media?limit=30`;
      const liked = async (client: ApiClient) =>
        ((await readJson(await send(client, path))) as Array<{ id: string; likedByMe: boolean; likes: number }>).find(
          (m) => m.id === id,
        )!;
      expect(await liked(coach)).toMatchObject({ likedByMe: false, likes: 0 });
      expect(await liked(parent)).toMatchObject({ likedByMe: false, likes: 0 });
      expect((await parent.post(`/api/teams/${teamA.id}/media/${id}/like`)).status).toBe(200);
      expect(await liked(parent)).toMatchObject({ likedByMe: true, likes: 1 });
      expect(await liked(coach)).toMatchObject({ likedByMe: false, likes: 1 });
    });
  });

  describe('authorisation on every request', () => {
    it('answers a non-member 404 (never the cached body), also with the ETag a member got', async () => {
      for (const path of [
        `/api/teams/${teamA.id}/messages`,
        `/api/teams/${teamA.id}/messages/pinned`,
        `/api/teams/${teamA.id}/events`,
        `/api/teams/${teamA.id}/events/upcoming`,
        `/api/teams/${teamA.id}/media?limit=30`,
      ]) {
        const member = await send(coach, path);
        expect(member.status).toBe(200);
        const etag = member.headers.get('etag')!;
        expect((await send(coach, path)).status).toBe(200);
        for (const headers of [{}, { 'if-none-match': etag }] as Array<Record<string, string>>) {
          const stranger = await send(outsider, path, headers);
          expect(stranger.status).toBe(404);
          expect(await stranger.json()).toEqual({ message: 'Team not found', code: 'TEAM_NOT_FOUND' });
        }
        const signedOut = await fetch(`${server.url}${path}`, { headers: { 'if-none-match': etag } });
        expect(signedOut.status).toBe(401);
      }
    });

    it("never gives one user another's own answer (GET /api/user, GET /api/teams)", async () => {
      const coachMe = (await readJson(await send(coach, '/api/user'))) as { id: string };
      const parentMe = (await readJson(await send(parent, '/api/user'))) as { id: string };
      expect([coachMe.id, parentMe.id]).toEqual([coach.userId, parent.userId]);
      const outsiderTeams = (await readJson(await send(outsider, '/api/teams'))) as unknown[];
      expect(outsiderTeams).toEqual([]);
    });

    it('a member who joins gets the cached answer only once they are in', async () => {
      const path = `/api/teams/${teamB.id}/messages/pinned`;
      expect((await send(coach, path)).status).toBe(200);
      expect((await send(outsider, path)).status).toBe(404);
      expect((await outsider.post('/api/teams/join', { code: teamB.code })).status).toBe(200);
      expect((await send(outsider, path)).status).toBe(200);
    });
  });

  describe('compressed answers', () => {
    /** A GET as the bytes on the wire (fetch would decode them), decoded here by its content-encoding. */
    const onTheWire = (client: ApiClient, path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; encoding?: string; vary?: string; etag?: string; text: string }>(
        (resolve, reject) => {
          http
            .get(`${server.url}${path}`, { headers: { cookie: client.cookie, ...headers } }, (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () => {
                const raw = Buffer.concat(chunks);
                const encoding = response.headers['content-encoding'];
                const body =
                  encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
                resolve({
                  status: response.statusCode!,
                  encoding,
                  vary: response.headers.vary,
                  etag: response.headers.etag,
                  text: body.toString('utf8'),
                });
              });
            })
            .on('error', reject);
        },
      );

    it('sends a kept answer in the encoding the client prefers, the same JSON as unencoded, and fresh after a change', async () => {
      const team = await readJson(await coach.post('/api/teams', { name: 'Larks', sport: 'Soccer' }));
      for (let i = 0; i < 12; i++) {
        const text = `Message ${i}: practice moves to the north field, bring water, shin guards and a ball`;
        expect((await coach.post(`/api/teams/${team.id}/messages`, { text, clientId: randomUUID() })).status).toBe(201);
      }
      const path = `/api/teams/${team.id}/messages`;
      const plain = await onTheWire(coach, path, {});
      expect(plain.encoding).toBeUndefined();
      expect(Buffer.byteLength(plain.text)).toBeGreaterThan(1024);

      const asked = [
        [{ 'accept-encoding': 'gzip, deflate, br' }, 'br'],
        [{ 'accept-encoding': 'br;q=0, gzip' }, 'gzip'],
        [{ 'accept-encoding': 'x-gzip' }, 'gzip'],
        [{ 'accept-encoding': 'identity' }, undefined],
        [{ 'accept-encoding': 'br', 'x-no-compression': '1' }, undefined],
      ] as const;
      // Twice each: the first answer of a kind may have been compressed on its way out, the second
      // is the kept one.
      for (const [headers, encoding] of asked) {
        for (const answer of [await onTheWire(coach, path, headers), await onTheWire(coach, path, headers)]) {
          expect(answer.status).toBe(200);
          expect(answer.encoding).toBe(encoding);
          if (encoding) expect(answer.vary).toBe('accept-encoding');
          expect(answer.etag).toBe(plain.etag);
          expect(answer.text).toBe(plain.text);
        }
      }

      // Served from memory in brotli too: a row changed behind the projectors' back does not show…
      await tamperMessages(team.id, 'tampered');
      expect((await onTheWire(coach, path, { 'accept-encoding': 'br' })).text).toBe(plain.text);
      // …until the team changes.
      expect(
        (await coach.post(`/api/teams/${team.id}/messages`, { text: 'One more', clientId: randomUUID() })).status,
      ).toBe(201);
      const fresh = await onTheWire(coach, path, { 'accept-encoding': 'br' });
      expect(fresh.encoding).toBe('br');
      expect(fresh.text).toContain('One more');
      expect(fresh.text).toContain('tampered');
      expect(fresh.etag).not.toBe(plain.etag);
      expect((await onTheWire(coach, path, { 'accept-encoding': 'br' })).text).toBe(fresh.text);
    });

    it('sends answers under 1 KB as they are', async () => {
      const path = `/api/teams/${teamA.id}/messages/pinned`;
      for (let i = 0; i < 2; i++) {
        const answer = await onTheWire(coach, path, { 'accept-encoding': 'br, gzip' });
        expect(answer.status).toBe(200);
        expect(answer.encoding).toBeUndefined();
      }
    });

    it('answers a non-member 404 whatever encoding they accept', async () => {
      const path = `/api/teams/${teamA.id}/messages`;
      expect((await onTheWire(coach, path, { 'accept-encoding': 'br' })).status).toBe(200);
      const refused = await onTheWire(outsider, path, { 'accept-encoding': 'br' });
      expect(refused.status).toBe(404);
      expect(refused.text).not.toContain('Kick-off');
    });
  });
});
