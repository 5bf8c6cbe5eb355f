import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { readJson, type ApiClient } from './http-client.ts';
import { addToLineup, createClub, member, recordStat, scheduleMatch } from './match-fixture.ts';
import { stringFields, type JsonSchema, type OpenApiDocument } from './openapi-walk.ts';
import { startTestServer } from './test-server.ts';

/**
 * Every string of every route in the OpenAPI document, sent a NUL and then a lone surrogate, by
 * someone the route lets through to validation (the club's admin or its coach, on the club's own
 * team, season, match and their rows). Each is a 400 naming that field, never a 500, so a route
 * added without the shared text type is caught without anyone listing it here.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-walk-'));
// TRUST_PROXY: the club's accounts register from addresses of their own (one address may only
// register a few accounts).
const server = await startTestServer({ env: { DATA_DIR: dataDir, TRUST_PROXY: '1' } });
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const club = await createClub(server, 'Walkers');
/** Someone whose own settings the /api/user routes change. */
const person = await member(server, 'parent', 'Sam Settings');
const match = await scheduleMatch(club);
const [home, away] = [
  await addToLineup(club, match.id, club.ava),
  await addToLineup(club, match.id, club.bo, 'striker'),
];
const created = async (response: Promise<Response>) => {
  const answer = await response;
  if (answer.status >= 300) throw new Error(`seeding failed: ${answer.status} ${await answer.text()}`);
  return readJson(answer);
};
await created(club.coach.put(`/api/matches/${match.id}`, { status: 'in_progress' }));
const stat = await recordStat(club.coach, match.id, home.id);
const teamPath = `/api/teams/${club.teamA.id}`;
const message = await created(club.coach.post(`${teamPath}/messages`, { text: 'Practice at five' }));
const event = await created(
  club.coach.post(`${teamPath}/events`, { title: 'Practice', date: '2026-12-01T17:00:00.000Z' }),
);
const player = await created(club.coach.post(`${teamPath}/players`, { name: 'Riley Walker' }));
const invitation = await created(
  club.coach.post(`${teamPath}/invite`, { inviteType: 'coach', name: 'Jo Helper', email: 'jo.helper@example.com' }),
);
const token = await created(club.admin.post('/api/tokens', { name: 'Analytics', organizationId: club.org.id }));
const livestream = await created(club.coach.post('/api/livestreams', { teamId: club.teamA.id, title: 'Hawks v Owls' }));
const media = await uploadPhoto(club.coach, club.teamA.id);

async function uploadPhoto(by: ApiClient, teamId: string): Promise<{ id: string; url: string }> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1d6f42' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'kickoff.png');
  return created(
    fetch(`${server.url}/api/teams/${teamId}/media/upload`, {
      method: 'POST',
      headers: { cookie: by.cookie, origin: server.url },
      body: form,
    }),
  );
}

let emails = 0;
/** Valid values for strings whose validity the document cannot say: seeded ids and the like. */
function samples(name: string, _schema: JsonSchema, route: string): string | undefined {
  // `/api/admin/{kind}/{id}`: the id of that kind.
  if (name === 'id') {
    const kind = route.split('/')[3];
    const ofKind: Record<string, string> = {
      seasons: club.season.id,
      teams: club.teamB.id,
      matches: match.id,
      people: club.parent.userId,
      media: media.id,
      messages: message.id,
    };
    if (!ofKind[kind!]) throw new Error(`no sample id for ${route}`);
    return ofKind[kind!];
  }
  const byName: Record<string, string | undefined> = {
    teamId: club.teamA.id,
    teamAId: club.teamA.id,
    teamBId: club.teamB.id,
    orgId: club.org.id,
    organizationId: club.org.id,
    seasonId: club.season.id,
    matchId: match.id,
    userId: club.parent.userId,
    coachId: club.coach.userId,
    playerId: player.id,
    participantId: home.id,
    out: home.id,
    in: away.id,
    statId: stat.id,
    messageId: message.id,
    mediaId: media.id,
    eventId: event.id,
    invitationId: invitation.id,
    tokenId: token.id,
    livestreamId: livestream.id,
    segment: 'segment-1.ts',
    viewer: 'walk-player-1',
    sportId: 'soccer',
    statType: 'goals',
    file: route.startsWith('/api/media/') ? media.url.split('/').pop() : undefined,
    email: `walk-${Date.now()}-${++emails}@example.com`,
    parentEmail: `walk-parent-${Date.now()}-${++emails}@example.com`,
    password: 'correct horse battery',
    currentPassword: 'correct horse',
    newPassword: 'another fine password',
    code: route === '/api/teams/join' ? club.teamB.code : 'WALK01',
    jerseyNumber: '7',
    startDate: '2026-09-01',
    endDate: '2027-06-30',
    startTime: '2026-12-01T17:00:00.000Z',
    timezone: 'Europe/London',
    timeZone: 'Europe/London',
    name: 'Walker',
    title: 'Walk',
    text: 'Hello',
    message: 'Hello',
    reason: 'Scorer was wrong',
    endpoint: 'http://127.0.0.1:3944/push/walk',
    p256dh: `B${'A'.repeat(86)}`,
    auth: 'A'.repeat(22),
    start: '22:00',
    end: '07:00',
  };
  return byName[name];
}

/** Who sends a route's requests: someone it lets through to validation. */
function actorFor(route: string): ApiClient {
  if (route.startsWith('/api/user') || route.startsWith('/api/avatars/')) return person;
  if (route.startsWith('/api/admin/') || route.startsWith('/api/organizations') || route.startsWith('/api/tokens'))
    return club.admin;
  if (route.startsWith('/api/seasons')) return club.admin;
  return club.coach;
}

const document = (await readJson(await fetch(`${server.url}/api/docs/json`))) as OpenApiDocument;
/** Requests valid only with a field the document shows as optional (a refinement asks for one of several). */
const requestBases: Record<string, { body?: Record<string, unknown>; query?: Record<string, string> }> = {
  'POST /api/matches/{matchId}/participants': { body: { userId: club.ben.userId } },
  'POST /api/matches/{matchId}/stats': { body: { participantId: home.id } },
  'POST /api/teams/{teamId}/messages': { body: { text: 'Hello' } },
  'PATCH /api/admin/people/{id}': { body: { role: 'parent' } },
  'GET /api/admin/access': { query: { userId: club.parent.userId } },
};

const fields = stringFields(document, samples, (method, route) => requestBases[`${method} ${route}`]);
const bad = { NUL: 'before\u0000after', 'a lone surrogate': 'half \ud83d of an emoji' } as const;

let requests = 0;
async function send(method: string, route: string, request: { url: string; body?: unknown }): Promise<Response> {
  const sendsBody = request.body !== undefined && method !== 'GET';
  return fetch(`${server.url}${request.url}`, {
    method,
    headers: {
      cookie: actorFor(route).cookie,
      origin: server.url,
      // Each request from an address of its own: sign-up and sign-in limits count per address.
      'x-forwarded-for': `10.9.${Math.floor(++requests / 250)}.${(requests % 250) + 1}`,
      ...(sendsBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(sendsBody ? { body: JSON.stringify(request.body) } : {}),
    // A stream (NDJSON replay, live video) that answered 200 would otherwise never end.
    signal: AbortSignal.timeout(10_000),
  });
}

describe('the walk', () => {
  it('finds the strings of every route that takes any', () => {
    const routes = new Set(fields.map((f) => `${f.method} ${f.route}`));
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const takesInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;
        const takesStrings = JSON.stringify([operation.parameters ?? [], operation.requestBody ?? {}]).includes(
          '"string"',
        );
        if (takesInput && takesStrings)
          expect(routes, `${method} ${route}`).toContain(`${method.toUpperCase()} ${route}`);
      }
    }
    expect(fields.map((f) => `${f.method} ${f.route} ${f.field}`)).toEqual(
      expect.arrayContaining([
        'PATCH /api/user name',
        'POST /api/ai/game-recap highlights.0',
        'GET /api/admin/people search',
      ]),
    );
  });
});

describe.each(Object.entries(bad))('%s in every string of every route', (what, value) => {
  for (const field of fields) {
    const name = `${field.method} ${field.route}: ${field.where} ${field.field}`;
    if (field.where !== 'body' && what !== 'NUL') {
      // A URL carries UTF-8 only: the bytes that would spell a lone surrogate decode to other
      // text (or to nothing), so all that can be asked of them is that they never break a route.
      it(`${name}: the bytes of a lone surrogate are not a server error`, async () => {
        const response = await send(field.method, field.route, field.request(value));
        // The body only when it explains a failure: a stream that answered would never end.
        if (response.status < 500) await response.body?.cancel();
        expect(response.status, response.status >= 500 ? await response.text() : '').toBeLessThan(500);
      });
      continue;
    }
    it(`${name} is a 400 on ${field.field}`, async () => {
      const response = await send(field.method, field.route, field.request(value));
      const text = await response.text();
      expect(response.status, text).toBe(400);
      const fieldErrors = (JSON.parse(text) as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
      // Free text says what is wrong with it; ids, dates and choices say what they expect. Never
      // zod's bare "Invalid input", which tells the person nothing.
      expect(fieldErrors[field.field], text).toEqual(expect.arrayContaining([expect.any(String)]));
      expect(fieldErrors[field.field], text).not.toContain('Invalid input');
      // The rest of the request was valid: this string alone was refused.
      expect(Object.keys(fieldErrors), text).toEqual([field.field]);
    });
  }
});
