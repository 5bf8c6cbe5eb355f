import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseMail, startTestSmtpServer, type TestSmtpServer } from '@sideline/infra/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { noticesSettled, startPushedServer, stopPushedServer, subscribedDevice } from './push-fixture.ts';
import type { LocalPushService } from './push-service.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * Email for people without a working push subscription (through a real SMTP server, and the
 * outbox without one), its one-click unsubscribe, and the proof of which families were told of
 * each schedule change, over HTTP with PostgreSQL and the local push service.
 */
let server: TestServer;
let pushService: LocalPushService;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ({ server, pushService } = await startPushedServer({
    env: { SMTP_URL: smtp.url },
  }));
});
afterAll(async () => {
  await stopPushedServer({ server, pushService });
  await smtp?.close();
});

let ip = 0;
let n = 0;
interface Person extends ApiClient {
  email: string;
}
async function account(url: string, role: 'coach' | 'parent' | 'player', name: string): Promise<Person> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}.${++n}@example.com`;
  return { ...(await signUp(url, role, name, { forwardedFor: `198.51.100.${++ip}`, email })), email };
}
const person = (role: 'coach' | 'parent' | 'player', name: string) => account(server.url, role, name);

async function switchOff(client: ApiClient, which: string) {
  const all = await readJson(await client.get('/api/user/notification-preferences'));
  expect((await client.put('/api/user/notification-preferences', { ...all, [which]: false })).status).toBe(200);
}

const device = (client: ApiClient) => subscribedDevice(pushService, client);

async function teamOf(coach: ApiClient, name: string, members: ApiClient[]) {
  const team = (await readJson(await coach.post('/api/teams', { name, sport: 'Soccer', ageGroup: 'U12' }))) as {
    id: string;
    code: string;
  };
  for (const m of members) expect((await m.post('/api/teams/join', { code: team.code })).status).toBe(200);
  return team;
}

const settled = (target: TestServer = server) => noticesSettled(target, 10_000);

const inDays = (days: number) => {
  const at = new Date(Date.now() + days * 24 * 3600 * 1000);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
};

/** A raw header's value (mailparser folds List-* headers into `list`). */
const headerOf = (mail: { headerLines: readonly { key: string; line: string }[] }, key: string) =>
  mail.headerLines
    .find((h) => h.key === key)
    ?.line.slice(key.length + 1)
    .trim();

const mailsTo = (email: string) =>
  smtp.messages.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(email)));

describe('email for people without a working push subscription', () => {
  it('mails schedule changes to them only, with one-click unsubscribe that turns the switch off', async () => {
    const coach = await person('coach', 'Mae Coach');
    const pushed = await person('parent', 'Pia Pushed');
    const mailed = await person('parent', 'Milo Mailed');
    const off = await person('parent', 'Olive Off');
    const team = await teamOf(coach, 'Mail Hawks', [pushed, mailed, off]);
    const phone = await device(pushed);
    await switchOff(off, 'eventChanges');

    const created = await coach.post(`/api/teams/${team.id}/events`, {
      title: 'Practice',
      date: inDays(6),
      timeZone: 'UTC',
    });
    expect(created.status).toBe(201);
    const event = await readJson(created);
    const mail = await smtp.nextMessageTo(mailed.email);
    await settled();
    expect(mail.subject).toBe('New: Practice');
    expect(mail.text).toContain('Mail Hawks');
    expect(mail.text).toContain(`/events/${team.id}?event=${event.id}`);
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https?:\/\/[^>]+)>$/.exec(headerOf(mail, 'list-unsubscribe') ?? '')?.[1] ?? '';
    expect(url).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
    // The one with a device is pushed (with the notice's id), not mailed; the one who turned it off gets neither.
    expect(pushService.receivedBy(phone).map((r) => r.payload)).toEqual([
      expect.objectContaining({ title: 'New: Practice', noticeId: expect.any(String) }),
    ]);
    expect(mailsTo(pushed.email)).toEqual([]);
    expect(mailsTo(off.email)).toEqual([]);
    expect(mailsTo(coach.email)).toEqual([]);
    const recorded = await server.database.db
      .selectFrom('push_deliveries')
      .selectAll()
      .where('user_id', '=', mailed.userId)
      .execute();
    expect(recorded).toEqual([
      expect.objectContaining({ channel: 'email', endpoint: `mailto:${mailed.email}`, status: 250 }),
    ]);
    expect(recorded[0]!.delivered_at).not.toBeNull();

    // The link's page, then the mail program's one-click POST: no session, only the token. The
    // link is this server's own address (no PUBLIC_ORIGIN here), as its start prints it.
    expect(new URL(url).origin).toBe(new URL(server.url).origin);
    const target = url;
    const page = await fetch(target);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<form method="post"');
    const unsubscribed = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect(await readJson(await mailed.get('/api/user/notification-preferences'))).toMatchObject({
      eventChanges: false,
      eventReminders: true,
    });

    // Told again: no second email for Milo, a push for Pia.
    const before = smtp.messages.length;
    const changed = await coach.patch(`/api/teams/${team.id}/events/${event.id}`, {
      scope: 'occurrence',
      occurrenceDate: event.occurrenceDate,
      location: 'Field 2',
    });
    expect(changed.status).toBe(200);
    await expect.poll(() => pushService.receivedBy(phone).length).toBe(2);
    await settled();
    expect(smtp.messages.length).toBe(before);
  });

  it('refuses a malformed token (400) and a forged one (404)', async () => {
    const base = `${server.url}/api/notifications/unsubscribe`;
    const post = (query: string) =>
      fetch(`${base}${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const missing = await post('');
    expect(missing.status).toBe(400);
    expect((await readJson(missing)).fieldErrors).toHaveProperty('token');
    expect((await post('?token=nonsense')).status).toBe(400);
    expect((await post('?token=dXNlcg.noSuchSwitch.abc')).status).toBe(400);
    const forged = `${Buffer.from('someone').toString('base64url')}.eventChanges.${Buffer.alloc(32).toString('base64url')}`;
    expect((await post(`?token=${forged}`)).status).toBe(404);
    expect((await fetch(`${base}?token=${forged}`)).status).toBe(404);
  });
});

describe('a schedule change found too late to send (a long outage, a replay)', () => {
  it('is not sent, and the proof still lists it, with nobody told', async () => {
    // The sender's clock two hours ahead: every notice it finds is older than the hour it sends within.
    const late = await startPushedServer({ clock: () => new Date(Date.now() + 2 * 3600_000) });
    try {
      const coach = await account(late.server.url, 'coach', 'Lena Coach');
      const parent = await account(late.server.url, 'parent', 'Lou Parent');
      const team = await teamOf(coach, 'Late Hawks', [parent]);
      const phone = await subscribedDevice(late.pushService, parent);
      const created = await coach.post(`/api/teams/${team.id}/events`, {
        title: 'Replay',
        date: inDays(4),
        timeZone: 'UTC',
      });
      expect(created.status).toBe(201);
      const event = await readJson(created);
      await settled(late.server);
      expect(late.pushService.receivedBy(phone)).toEqual([]);
      const proof = await coach.get(`/api/teams/${team.id}/events/${event.id}/notices`);
      expect(proof.status).toBe(200);
      expect(await readJson(proof)).toEqual([
        expect.objectContaining({
          summary: expect.stringContaining('New: Replay'),
          sent: 0,
          delivered: 0,
          seen: 0,
          families: [{ name: 'Lou Parent', channel: 'none', sentAt: null, deliveredAt: null, seenAt: null }],
        }),
      ]);
    } finally {
      await stopPushedServer(late);
    }
  });
});

describe("a manager's reminder by email", () => {
  it('mails those without a working device, pushes the others, and counts both as notified; its unsubscribe turns reminders off', async () => {
    const coach = await person('coach', 'Rhea Coach');
    const pushed = await person('parent', 'Pete Pushed');
    const mailed = await person('parent', 'Mona Mailed');
    const team = await teamOf(coach, 'Reminder Mail Hawks', [pushed, mailed]);
    const phone = await device(pushed);
    const event = await readJson(
      await coach.post(`/api/teams/${team.id}/events`, { title: 'Semi-final', date: inDays(5), timeZone: 'UTC' }),
    );
    await smtp.nextMessageTo(mailed.email);
    await settled();
    const [pushesBefore, mailsBefore] = [pushService.receivedBy(phone).length, mailsTo(mailed.email).length];

    const reminded = await coach.post(`/api/events/${event.id}/remind`, { occurrenceDate: event.occurrenceDate });
    expect(reminded.status).toBe(202);
    expect(await readJson(reminded)).toEqual({ notified: 2 });
    expect(
      pushService
        .receivedBy(phone)
        .slice(pushesBefore)
        .map((r) => r.payload),
    ).toEqual([expect.objectContaining({ title: 'Please answer: Semi-final', tag: `remind-${event.id}` })]);
    const mails = mailsTo(mailed.email).slice(mailsBefore);
    expect(mails.map((m) => m.subject)).toEqual(['Please answer: Semi-final']);
    expect(mails[0]!.text).toContain(`/events/${team.id}?event=${event.id}`);
    expect(mailsTo(pushed.email).filter((m) => m.subject === 'Please answer: Semi-final')).toEqual([]);
    expect(headerOf(mails[0]!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https?:\/\/[^>]+)>$/.exec(headerOf(mails[0]!, 'list-unsubscribe') ?? '')?.[1] ?? '';
    const unsubscribed = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect(await readJson(await mailed.get('/api/user/notification-preferences'))).toMatchObject({
      eventChanges: true,
      eventReminders: false,
    });
  });
});

describe('email without SMTP_URL', () => {
  it('writes the notice to DATA_DIR/outbox with the unsubscribe headers', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-notice-outbox-'));
    const outboxServer = await startTestServer({ env: { DATA_DIR: dataDir, TRUST_PROXY: '1' } });
    try {
      const coach = await account(outboxServer.url, 'coach', 'Otto Coach');
      const parent = await account(outboxServer.url, 'parent', 'Orla Parent');
      const team = await teamOf(coach, 'Outbox Hawks', [parent]);
      await coach.post(`/api/teams/${team.id}/events`, { title: 'Game', date: inDays(4), timeZone: 'UTC' });
      await settled(outboxServer);
      const files = readdirSync(path.join(dataDir, 'outbox'));
      const mails = await Promise.all(files.map((f) => parseMail(readFileSync(path.join(dataDir, 'outbox', f)))));
      const toParent = mails.filter((m) => JSON.stringify(m.to).includes(parent.email));
      expect(toParent).toHaveLength(1);
      expect(toParent[0]!.subject).toBe('New: Game');
      expect(headerOf(toParent[0]!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(headerOf(toParent[0]!, 'list-unsubscribe')).toMatch(
        /^<http:\/\/.+\/api\/notifications\/unsubscribe\?token=.+>$/,
      );
      expect(mails.filter((m) => JSON.stringify(m.to).includes(coach.email))).toEqual([]);
    } finally {
      await outboxServer.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/teams/{teamId}/events/{eventId}/notices', () => {
  it('proves per change which families were told, how, and who saw it; managers only', async () => {
    const coach = await person('coach', 'Cora Coach');
    const pat = await person('parent', 'Pat Guardian');
    const quinn = await person('parent', 'Quinn Mailonly');
    const noah = await person('parent', 'Noah Switchedoff');
    const mo = await person('parent', 'Mo Member');
    const outsider = await person('parent', 'Otto Outsider');
    const otherCoach = await person('coach', 'Oscar Other');
    const team = await teamOf(coach, 'Proof Hawks', [pat, quinn, noah, mo]);
    const other = await teamOf(otherCoach, 'Other Hawks', []);
    const kid = async (name: string, guardian: ApiClient) => {
      const created = await readJson(await coach.post(`/api/teams/${team.id}/players`, { name }));
      const linked = await coach.post(`/api/teams/${team.id}/players/${created.player.id}/guardians`, {
        userId: guardian.userId,
      });
      expect(linked.status).toBe(200);
    };
    await kid('Ava', pat);
    await kid('Ben', pat);
    await kid('Cal', quinn);
    await kid('Dee', noah);
    const patPhone = await device(pat);
    const moPhone = await device(mo);
    await switchOff(noah, 'eventChanges');

    const event = await readJson(
      await coach.post(`/api/teams/${team.id}/events`, { title: 'Derby', date: inDays(8), timeZone: 'UTC' }),
    );
    await expect.poll(() => pushService.receivedBy(patPhone).length).toBe(1);
    await settled();
    const firstNotice = pushService.receivedBy(patPhone)[0]!.payload.noticeId as string;
    const changed = await coach.patch(`/api/teams/${team.id}/events/${event.id}`, {
      scope: 'occurrence',
      occurrenceDate: event.occurrenceDate,
      location: 'North pitch',
    });
    expect(changed.status).toBe(200);
    await expect.poll(() => pushService.receivedBy(moPhone).length).toBe(2);
    await settled();
    const secondNotice = pushService.receivedBy(patPhone)[1]!.payload.noticeId as string;
    expect(secondNotice).not.toBe(firstNotice);

    // Pat taps the first notification; Quinn (emailed) opens the event after both changes.
    expect((await pat.post(`/api/notices/${firstNotice}/seen`)).status).toBe(204);
    expect((await pat.post(`/api/notices/${firstNotice}/seen`)).status).toBe(204);
    expect((await outsider.post(`/api/notices/${firstNotice}/seen`)).status).toBe(404);
    expect((await pat.post('/api/notices/not%20an%20id/seen')).status).toBe(400);
    expect((await quinn.post(`/api/teams/${team.id}/events/${event.id}/views`)).status).toBe(204);
    expect((await outsider.post(`/api/teams/${team.id}/events/${event.id}/views`)).status).toBe(404);

    const path = `/api/teams/${team.id}/events/${event.id}/notices`;
    const proof = await coach.get(path);
    expect(proof.status).toBe(200);
    const changes = await readJson(proof);
    expect(changes.map((c: { changeId: string }) => c.changeId)).toEqual([secondNotice, firstNotice]);
    const [second, first] = changes;
    expect(second.summary).toContain('Changed: Derby');
    expect(first.summary).toContain('New: Derby');
    const family = (change: { families: { name: string }[] }, name: string) =>
      change.families.find((f) => f.name === name);
    expect(second.families.map((f: { name: string }) => f.name)).toEqual(['Ava & Ben', 'Cal', 'Dee', 'Mo Member']);
    expect(family(second, 'Ava & Ben')).toMatchObject({
      channel: 'push',
      sentAt: expect.any(String),
      deliveredAt: expect.any(String),
      seenAt: null,
    });
    expect(family(second, 'Cal')).toMatchObject({ channel: 'email', deliveredAt: expect.any(String) });
    expect(family(second, 'Cal')!).toHaveProperty('seenAt', expect.any(String));
    expect(family(second, 'Dee')).toEqual({
      name: 'Dee',
      channel: 'none',
      sentAt: null,
      deliveredAt: null,
      seenAt: null,
    });
    expect(family(second, 'Mo Member')).toMatchObject({ channel: 'push', deliveredAt: expect.any(String) });
    expect({ sent: second.sent, delivered: second.delivered, seen: second.seen }).toEqual({
      sent: 3,
      delivered: 3,
      seen: 1,
    });
    expect(family(first, 'Ava & Ben')).toHaveProperty('seenAt', expect.any(String));
    expect(first.seen).toBe(2);

    expect((await mo.get(path)).status).toBe(403);
    expect((await outsider.get(path)).status).toBe(404);
    expect((await otherCoach.get(`/api/teams/${other.id}/events/${event.id}/notices`)).status).toBe(404);
    expect((await coach.get(`/api/teams/${team.id}/events/nope/notices`)).status).toBe(404);
  });
});

describe('event reads carry rsvpDeadlineHours', () => {
  it('from the create, after a change, and not once it is removed', async () => {
    const coach = await person('coach', 'Dina Deadline');
    const team = await teamOf(coach, 'Deadline Reads', []);
    const created = await readJson(
      await coach.post(`/api/teams/${team.id}/events`, {
        title: 'Final',
        date: inDays(5),
        timeZone: 'UTC',
        rsvpDeadlineHours: 48,
      }),
    );
    const read = async () => readJson(await coach.get(`/api/teams/${team.id}/events/${created.id}`));
    expect(await read()).toMatchObject({ rsvpDeadlineHours: 48 });
    const changed = await coach.patch(`/api/teams/${team.id}/events/${created.id}`, {
      scope: 'series',
      rsvpDeadlineHours: 6,
    });
    expect(changed.status).toBe(200);
    expect(await read()).toMatchObject({ rsvpDeadlineHours: 6 });
    await coach.patch(`/api/teams/${team.id}/events/${created.id}`, { scope: 'series', rsvpDeadlineHours: null });
    expect(await read()).not.toHaveProperty('rsvpDeadlineHours');
  });
});
