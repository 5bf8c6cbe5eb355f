import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;

beforeAll(async () => {
  // Registrations are limited per address: each person here registers from their own
  // (documentation-range) address, as people do from their own homes.
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await server?.close();
});

let counter = 0;

/** Registers through the API; keeps the email and password so the person can sign in again. */
async function person(name = `Person ${++counter}`, role: 'parent' | 'coach' = 'parent') {
  const email = `settings-${Date.now()}-${++counter}@example.com`;
  const password = 'correct horse battery';
  const response = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': `192.0.2.${counter}` },
    body: JSON.stringify({ email, password, name, role }),
  });
  expect(response.status).toBe(201);
  const user = await readJson(response);
  return { id: user.id as string, email, password, cookie: cookieOf(response) };
}

function cookieOf(response: Response): string {
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function signIn(email: string, password: string): Promise<Response> {
  return fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password }),
  });
}

function send(cookie: string | null, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      origin: server.url,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function uploadAvatar(cookie: string, file: Blob, name = 'me.jpg'): Promise<Response> {
  const form = new FormData();
  form.set('file', file, name);
  return fetch(`${server.url}/api/user/avatar`, {
    method: 'POST',
    headers: { cookie, origin: server.url },
    body: form,
  });
}

const me = async (cookie: string) => send(cookie, 'GET', '/api/user');

describe('PATCH /api/user (name)', () => {
  it('renames the signed-in person as a UserRenamed event, read back by GET /api/user', async () => {
    const pat = await person('Pat Rivera');
    const response = await send(pat.cookie, 'PATCH', '/api/user', { name: '  Patricia Rivera ' });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({ id: pat.id, name: 'Patricia Rivera' });
    expect(await readJson(await me(pat.cookie))).toMatchObject({ name: 'Patricia Rivera' });
    const events = await server.eventStore.readStream(`user-${pat.id}`);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'UserRenamed']);
    expect(events[1]!.metadata.actorId).toBe(pat.id);
  });

  it('refuses a blank name with a field message, and a signed-out caller with 401', async () => {
    const pat = await person();
    const blank = await send(pat.cookie, 'PATCH', '/api/user', { name: '   ' });
    expect(blank.status).toBe(400);
    expect((await readJson(blank)).fieldErrors).toEqual({ name: ['Full name is required'] });
    expect((await send(null, 'PATCH', '/api/user', { name: 'Someone' })).status).toBe(401);
  });
});

describe('notification preferences', () => {
  it('are all on at first; a change is stored as one event and read back; the same change records nothing', async () => {
    const pat = await person();
    const initial = await send(pat.cookie, 'GET', '/api/user/notification-preferences');
    expect(await readJson(initial)).toEqual({
      chatMessages: true,
      eventChanges: true,
      eventReminders: true,
      mediaShared: true,
      matchUpdates: true,
      livestreams: true,
    });
    const quieter = {
      chatMessages: false,
      eventChanges: true,
      eventReminders: false,
      mediaShared: true,
      matchUpdates: false,
      livestreams: true,
    };
    for (let i = 0; i < 2; i++) {
      const saved = await send(pat.cookie, 'PUT', '/api/user/notification-preferences', quieter);
      expect(saved.status).toBe(200);
      expect(await readJson(saved)).toEqual(quieter);
    }
    expect(await readJson(await send(pat.cookie, 'GET', '/api/user/notification-preferences'))).toEqual(quieter);
    const events = await server.eventStore.readStream(`user-${pat.id}`);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'NotificationPreferencesSet']);
  });

  it('keeps matchUpdates and livestreams when a body leaves them out', async () => {
    const pat = await person();
    const all = { chatMessages: true, eventChanges: true, eventReminders: true, mediaShared: true };
    await send(pat.cookie, 'PUT', '/api/user/notification-preferences', { ...all, livestreams: false });
    const saved = await send(pat.cookie, 'PUT', '/api/user/notification-preferences', { ...all, chatMessages: false });
    expect(await readJson(saved)).toEqual({ ...all, chatMessages: false, matchUpdates: true, livestreams: false });
  });

  it('refuses an incomplete set with field messages', async () => {
    const pat = await person();
    const response = await send(pat.cookie, 'PUT', '/api/user/notification-preferences', { chatMessages: 'no' });
    expect(response.status).toBe(400);
    expect(Object.keys((await readJson(response)).fieldErrors).sort()).toEqual([
      'chatMessages',
      'eventChanges',
      'eventReminders',
      'mediaShared',
    ]);
  });
});

describe('POST /api/user/avatar', () => {
  it('re-encodes the picture as a small WebP without metadata, shown to the person and their teammates only', async () => {
    const pat = await person();
    const coach = await person('Casey Coach', 'coach');
    const stranger = await person('Sam Stranger');
    const team = await readJson(await send(coach.cookie, 'POST', '/api/teams', { name: 'Hawks', sport: 'Soccer' }));
    const joined = await send(pat.cookie, 'POST', '/api/teams/join', { code: team.code });
    expect(joined.status).toBe(200);

    // A geotagged phone photo: EXIF with GPS must not survive.
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2563eb' } })
      .withExif({ IFD0: { Copyright: 'Pat' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await uploadAvatar(pat.cookie, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }));
    expect(response.status).toBe(200);
    const user = await readJson(response);
    expect(user.avatarUrl).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}\.webp$/);
    expect(await readJson(await me(pat.cookie))).toMatchObject({ avatarUrl: user.avatarUrl });
    expect((await server.eventStore.readStream(`user-${pat.id}`)).map((e) => e.type)).toContain('UserAvatarChanged');

    const own = await send(pat.cookie, 'GET', user.avatarUrl);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/webp');
    const stored = await sharp(Buffer.from(await own.arrayBuffer())).metadata();
    expect(stored.format).toBe('webp');
    expect(Math.max(stored.width, stored.height)).toBeLessThanOrEqual(400);
    expect(stored.exif).toBeUndefined();

    // The team's members see it next to Pat's messages; nobody else does, signed-out callers least.
    expect((await send(coach.cookie, 'GET', user.avatarUrl)).status).toBe(200);
    expect((await send(stranger.cookie, 'GET', user.avatarUrl)).status).toBe(404);
    expect((await send(null, 'GET', user.avatarUrl)).status).toBe(401);
    const members = await readJson(await send(coach.cookie, 'GET', `/api/teams/${team.id}/members`));
    expect(members.find((m: { userId: string }) => m.userId === pat.id).avatarUrl).toBe(user.avatarUrl);
  });

  it('replaces the previous picture (its file is gone) and DELETE goes back to initials', async () => {
    const pat = await person();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#16a34a' } })
      .png()
      .toBuffer();
    const first = await readJson(await uploadAvatar(pat.cookie, new Blob([new Uint8Array(png)]), 'a.png'));
    const second = await readJson(await uploadAvatar(pat.cookie, new Blob([new Uint8Array(png)]), 'b.png'));
    expect(second.avatarUrl).not.toBe(first.avatarUrl);
    expect((await send(pat.cookie, 'GET', first.avatarUrl)).status).toBe(404);

    const removed = await send(pat.cookie, 'DELETE', '/api/user/avatar');
    expect(removed.status).toBe(200);
    expect((await readJson(removed)).avatarUrl).toBeNull();
    expect((await send(pat.cookie, 'GET', second.avatarUrl)).status).toBe(404);
  });

  it('refuses a file that is not a picture (400), no file (400) and one over 10 MB (413)', async () => {
    const pat = await person();
    const text = await uploadAvatar(pat.cookie, new Blob(['just some text, not an image at all']), 'notes.txt');
    expect(text.status).toBe(400);
    expect(await readJson(text)).toMatchObject({ code: 'UNSUPPORTED_TYPE' });

    const empty = new FormData();
    empty.set('note', 'no file here');
    const none = await fetch(`${server.url}/api/user/avatar`, {
      method: 'POST',
      headers: { cookie: pat.cookie, origin: server.url },
      body: empty,
    });
    expect(none.status).toBe(400);
    expect((await readJson(none)).fieldErrors).toEqual({ file: ['Choose a picture to upload.'] });

    const big = new Uint8Array(10 * 1024 * 1024 + 1024);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const tooBig = await uploadAvatar(pat.cookie, new Blob([big]), 'huge.png');
    expect(tooBig.status).toBe(413);
    expect(await readJson(await me(pat.cookie))).toMatchObject({ avatarUrl: null });
  });
});

describe('POST /api/user/password', () => {
  it('refuses a wrong current password with a field message and changes nothing', async () => {
    const pat = await person();
    const response = await send(pat.cookie, 'POST', '/api/user/password', {
      currentPassword: 'not my password',
      newPassword: 'a brand new password',
    });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toMatchObject({
      code: 'WRONG_PASSWORD',
      fieldErrors: { currentPassword: ['This is not your current password'] },
    });
    expect((await signIn(pat.email, pat.password)).status).toBe(200);
  });

  it('changes it and signs out every other session, keeping this one', async () => {
    const pat = await person();
    const phone = cookieOf(await signIn(pat.email, pat.password));
    const laptop = cookieOf(await signIn(pat.email, pat.password));
    expect((await me(phone)).status).toBe(200);

    const response = await send(laptop, 'POST', '/api/user/password', {
      currentPassword: pat.password,
      newPassword: 'a brand new password',
    });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ sessionsEnded: 2 });
    expect((await me(laptop)).status).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await me(pat.cookie)).status).toBe(401);
    expect((await signIn(pat.email, pat.password)).status).toBe(401);
    expect((await signIn(pat.email, 'a brand new password')).status).toBe(200);
  });

  it('refuses a short new password, or the same one again, with field messages', async () => {
    const pat = await person();
    const short = await send(pat.cookie, 'POST', '/api/user/password', {
      currentPassword: pat.password,
      newPassword: 'short',
    });
    expect(short.status).toBe(400);
    expect(Object.keys((await readJson(short)).fieldErrors)).toEqual(['newPassword']);
    const same = await send(pat.cookie, 'POST', '/api/user/password', {
      currentPassword: pat.password,
      newPassword: pat.password,
    });
    expect(same.status).toBe(400);
    expect((await readJson(same)).fieldErrors).toEqual({
      newPassword: ['Choose a password different from the current one'],
    });
  });

  it('refuses a common password and the email, as sign-up does, and the old password still works', async () => {
    const pat = await person();
    for (const [newPassword, code] of [
      ['password123', 'COMMON_PASSWORD'],
      [pat.email.toUpperCase(), 'PASSWORD_IS_EMAIL'],
    ] as const) {
      const response = await send(pat.cookie, 'POST', '/api/user/password', {
        currentPassword: pat.password,
        newPassword,
      });
      expect(response.status).toBe(400);
      const body = await readJson(response);
      expect(body.code).toBe(code);
      expect(Object.keys(body.fieldErrors)).toEqual(['newPassword']);
    }
    expect((await signIn(pat.email, pat.password)).status).toBe(200);
  });
});

describe('DELETE /api/user/sessions (sign out everywhere)', () => {
  it('ends every session of the person, this one included, and clears the cookie', async () => {
    const pat = await person();
    const phone = cookieOf(await signIn(pat.email, pat.password));
    const other = await person();

    const response = await send(pat.cookie, 'DELETE', '/api/user/sessions');
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ sessionsEnded: 2 });
    expect(response.headers.getSetCookie().join(';')).toMatch(/sideline_session=;/);
    expect((await me(pat.cookie)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    // Someone else's session is untouched.
    expect((await me(other.cookie)).status).toBe(200);
    expect((await send(null, 'DELETE', '/api/user/sessions')).status).toBe(401);
  });
});
