import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandOccurrences } from '@sideline/domain';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let coach: ApiClient;
let otherCoach: ApiClient;
let parent: ApiClient;
let player: ApiClient;
let outsider: ApiClient;
let team: { id: string; code: string };

const DAY = 86_400_000;
/** Next Tuesday at 17:00 UTC, at least a day away. */
function nextTuesday(): Date {
  const d = new Date(Date.now() + DAY);
  d.setUTCHours(17, 0, 0, 0);
  while (d.getUTCDay() !== 2) d.setTime(d.getTime() + DAY);
  return d;
}

const weeklyPractice = (start = nextTuesday()) => ({
  title: '  Practice, drills; fun \\ more  ',
  description: 'Bring water.\nAnd shin guards',
  location: 'Field 2, North Park',
  date: start.toISOString(),
  isRecurring: true,
  recurringType: 'weekly',
  recurringInterval: 1,
  recurringDays: ['2', 'thursday'],
  recurringEndDate: null,
  recurringEndCount: 4,
});

beforeAll(async () => {
  server = await startTestServer();
  [coach, otherCoach, parent, player, outsider] = await Promise.all([
    signUp(server.url, 'coach', 'Casey Coach'),
    signUp(server.url, 'coach', 'Olga Othercoach'),
    signUp(server.url, 'parent', 'Pat Parent'),
    signUp(server.url, 'player', 'Pia Player'),
    signUp(server.url, 'parent', 'Olly Outsider'),
  ]);
  const created = await coach.post('/api/teams', { name: 'Tigers', sport: 'Soccer' });
  team = await readJson(created);
  for (const member of [otherCoach, parent, player]) {
    expect((await member.post('/api/teams/join', { code: team.code })).status).toBe(200);
  }
});
afterAll(async () => {
  await server?.close();
});

describe('calendar over HTTP', () => {
  it('lets the coach create a weekly series; everyone in the team sees its occurrences', async () => {
    const start = nextTuesday();
    const response = await coach.post(`/api/teams/${team.id}/events`, weeklyPractice(start));
    expect(response.status).toBe(201);
    const first = await readJson(response);
    expect(first).toEqual({
      id: first.id,
      teamId: team.id,
      title: 'Practice, drills; fun \\ more',
      description: 'Bring water.\nAnd shin guards',
      date: start.toISOString(),
      location: 'Field 2, North Park',
      isRecurring: true,
      recurringType: 'weekly',
      recurringInterval: 1,
      recurringDays: ['tuesday', 'thursday'],
      recurringEndDate: null,
      recurringEndCount: 4,
      seriesId: first.id,
      occurrenceDate: start.toISOString(),
      timeZone: 'UTC',
      rsvps: [],
      lateNotGoing: 0,
      status: 'scheduled',
      previous: null,
      changedAt: null,
      cancelReason: null,
      // The other coach (joined by code), the parent and the player answer for themselves.
      counts: { going: 0, maybe: 0, notGoing: 0, noReply: 3 },
    });
    const all = await readJson(await parent.get(`/api/teams/${team.id}/events`));
    const mine = all.filter((e: { id: string }) => e.id === first.id);
    expect(mine.map((e: { date: string }) => e.date)).toEqual(
      [0, 2, 7, 9].map((days) => new Date(start.getTime() + days * DAY).toISOString()),
    );
    const upcoming = await readJson(await player.get(`/api/teams/${team.id}/events/upcoming?limit=2`));
    expect(upcoming).toHaveLength(2);
    expect(Date.parse(upcoming[0].date)).toBeGreaterThanOrEqual(Date.now());
  });

  it('answers 403 to parents and players creating or deleting, and validates the payload', async () => {
    const created = await readJson(
      await coach.post(`/api/teams/${team.id}/events`, { title: 'Game', date: nextTuesday().toISOString() }),
    );
    for (const member of [parent, player]) {
      const refused = await member.post(`/api/teams/${team.id}/events`, {
        title: 'Party',
        date: nextTuesday().toISOString(),
      });
      expect(refused.status).toBe(403);
      expect(await readJson(refused)).toMatchObject({
        code: 'EVENT_MANAGERS_ONLY',
        message: expect.stringMatching(/coaches/),
      });
      expect((await member.delete(`/api/teams/${team.id}/events/${created.id}`)).status).toBe(403);
    }
    const invalid = await coach.post(`/api/teams/${team.id}/events`, {
      title: ' ',
      date: 'soon',
      isRecurring: true,
      recurringType: 'weekly',
      recurringDays: [],
      recurringInterval: 60,
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys((await readJson(invalid)).fieldErrors).sort()).toEqual(
      expect.arrayContaining(['date', 'recurringInterval', 'title']),
    );
  });

  it.each([
    ['the coach who created the team', () => coach, 201, 204],
    // Spec part 1 §6 let any coach account manage an independent team; a team code no longer does.
    ['a coach account that joined by code', () => otherCoach, 403, 403],
    ['a parent', () => parent, 403, 403],
    ['a player', () => player, 403, 403],
  ] as const)('permission matrix on an independent team: %s', async (_who, client, create, del) => {
    const body = { title: 'Matrix', date: nextTuesday().toISOString(), isRecurring: false };
    expect((await client().post(`/api/teams/${team.id}/events`, body)).status).toBe(create);
    const target = await readJson(await coach.post(`/api/teams/${team.id}/events`, body));
    expect((await client().delete(`/api/teams/${team.id}/events/${target.id}`)).status).toBe(del);
    const ids = (await readJson(await coach.get(`/api/teams/${team.id}/events`))).map((e: { id: string }) => e.id);
    expect(ids.includes(target.id)).toBe(del !== 204);
  });

  it('counts an RSVP to the 2nd occurrence only there, and lets it change', async () => {
    const start = nextTuesday();
    const series = await readJson(await coach.post(`/api/teams/${team.id}/events`, weeklyPractice(start)));
    const second = new Date(start.getTime() + 2 * DAY).toISOString();
    const answered = await parent.post(`/api/events/${series.id}/rsvp`, { status: 'yes', occurrenceDate: second });
    expect(answered.status).toBe(200);
    expect(await readJson(answered)).toMatchObject({
      occurrenceDate: second,
      rsvps: [{ status: 'yes', userId: parent.userId, user: { name: 'Pat Parent' } }],
    });
    const occurrences = async () =>
      (await readJson(await player.get(`/api/teams/${team.id}/events`))).filter(
        (e: { id: string }) => e.id === series.id,
      );
    let list = await occurrences();
    expect(list.map((e: { rsvps: unknown[] }) => e.rsvps.length)).toEqual([0, 1, 0, 0]);

    await parent.post(`/api/events/${series.id}/rsvp`, { status: 'no', occurrenceDate: second });
    // Without a date: the next occurrence (the first one here).
    await player.post(`/api/events/${series.id}/rsvp`, { status: 'maybe' });
    list = await occurrences();
    expect(list[1].rsvps).toMatchObject([{ status: 'no', userId: parent.userId }]);
    expect(list[0].rsvps).toMatchObject([{ status: 'maybe', userId: player.userId, user: { name: 'Pia Player' } }]);

    const wrongDay = await parent.post(`/api/events/${series.id}/rsvp`, {
      status: 'yes',
      occurrenceDate: new Date(start.getTime() + DAY).toISOString(),
    });
    expect(wrongDay.status).toBe(404);
    expect((await parent.post(`/api/events/${series.id}/rsvp`, { status: 'going' })).status).toBe(400);
  });

  it('answers 404 to a non-member on every route, and 401 when signed out', async () => {
    const event = await readJson(
      await coach.post(`/api/teams/${team.id}/events`, { title: 'Secret', date: nextTuesday().toISOString() }),
    );
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/teams/${team.id}/events`],
      ['GET', `/api/teams/${team.id}/events/upcoming`],
      ['POST', `/api/teams/${team.id}/events`, { title: 'x' }],
      ['DELETE', `/api/teams/${team.id}/events/${event.id}`],
      ['POST', `/api/events/${event.id}/rsvp`, { status: 'yes' }],
      ['POST', `/api/teams/${team.id}/calendar-token`, {}],
    ];
    for (const [method, path, body] of calls) {
      const response =
        method === 'GET'
          ? await outsider.get(path)
          : method === 'DELETE'
            ? await outsider.delete(path)
            : await outsider.post(path, body);
      expect([method, path, response.status]).toEqual([method, path, 404]);
      const anonymous = await fetch(`${server.url}${path}`, {
        method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      expect([method, path, anonymous.status]).toEqual([method, path, 401]);
    }
    // An event id of another team in a member's team path is 404 too.
    const otherTeam = await readJson(await otherCoach.post('/api/teams', { name: 'Lions', sport: 'Soccer' }));
    const theirs = await readJson(
      await otherCoach.post(`/api/teams/${otherTeam.id}/events`, {
        title: 'Theirs',
        date: nextTuesday().toISOString(),
      }),
    );
    // Their event through our team's path, and through theirs (we are not members): both 404.
    expect((await coach.delete(`/api/teams/${team.id}/events/${theirs.id}`)).status).toBe(404);
    expect((await coach.delete(`/api/teams/${otherTeam.id}/events/${theirs.id}`)).status).toBe(404);
    expect((await coach.post(`/api/events/${theirs.id}/rsvp`, { status: 'yes' })).status).toBe(404);
    expect((await coach.delete(`/api/teams/${team.id}/events/nope`)).status).toBe(404);
    expect((await coach.get('/api/organizations/org-1/members')).status).toBe(404);
  });

  it('serves an iCalendar feed with RRULE, DTSTART and escaped, folded text; a wrong token is 404', async () => {
    const start = nextTuesday();
    const series = await readJson(
      await coach.post(`/api/teams/${team.id}/events`, {
        ...weeklyPractice(start),
        description: 'A very long description, with commas; semicolons and a backslash \\ — and ünïcödé, '.repeat(3),
      }),
    );
    const issued = await parent.post(`/api/teams/${team.id}/calendar-token`);
    expect(issued.status).toBe(200);
    const { url } = await readJson(issued);
    const feedUrl = new URL(url);
    expect(feedUrl.pathname).toBe(`/api/teams/${team.id}/calendar.ics`);
    const token = feedUrl.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(40);

    const feed = await fetch(`${server.url}${feedUrl.pathname}${feedUrl.search}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const raw = await feed.text();
    expect(raw.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(raw.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of raw.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(raw.replace(/\r\n/g, '').includes('\n')).toBe(false);
    const lines = raw.replace(/\r\n /g, '').split('\r\n');
    const block = lines.slice(lines.indexOf(`UID:${series.id}@127.0.0.1`) - 1);
    const vevent = block.slice(0, block.indexOf('END:VEVENT') + 1);
    const dtstart = start.toISOString().replace(/[-:]/g, '').replace('.000', '');
    expect(vevent).toEqual(
      expect.arrayContaining([
        'BEGIN:VEVENT',
        `DTSTART:${dtstart}`,
        'SUMMARY:Practice\\, drills\\; fun \\\\ more',
        'LOCATION:Field 2\\, North Park',
        'RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH;COUNT=4',
        'END:VEVENT',
      ]),
    );
    expect(vevent.find((l) => l.startsWith('DESCRIPTION:'))).toContain('ünïcödé\\, A very long');
    // The feed's rule expands to the same occurrences as the API lists.
    const api = (await readJson(await parent.get(`/api/teams/${team.id}/events`)))
      .filter((e: { id: string }) => e.id === series.id)
      .map((e: { date: string }) => e.date);
    const recurrence = {
      type: 'weekly' as const,
      interval: 1,
      days: ['tuesday', 'thursday'] as const,
      endDate: null,
      endCount: 4,
    };
    expect(
      expandOccurrences({ ...recurrence, days: [...recurrence.days] }, start, 'UTC').map((d) => d.toISOString()),
    ).toEqual(api);

    const wrong = await fetch(`${server.url}${feedUrl.pathname}?token=${token.slice(0, -2)}xx`);
    expect(wrong.status).toBe(404);
    expect((await fetch(`${server.url}${feedUrl.pathname}`)).status).toBe(404);
    // A new token revokes the old one.
    await parent.post(`/api/teams/${team.id}/calendar-token`);
    expect((await fetch(`${server.url}${feedUrl.pathname}${feedUrl.search}`)).status).toBe(404);
  });
});

describe('time zones and series without an end', () => {
  const occurrencesOf = async (id: string, from: string, to: string) =>
    (await readJson(await parent.get(`/api/teams/${team.id}/events?from=${from}&to=${to}`)))
      .filter((e: { id: string }) => e.id === id)
      .map((e: { date: string }) => e.date);
  const newYork = {
    title: 'Practice NY',
    date: '2027-03-02T23:00:00.000Z', // Tuesday 18:00 EST; clocks go forward on 14 March
    isRecurring: true,
    recurringType: 'weekly',
    recurringInterval: 1,
    recurringDays: ['2', '4'],
    recurringEndCount: 6,
    timeZone: 'America/New_York',
  };
  const sydney = {
    title: 'Training Sydney',
    date: '2027-03-27T22:00:00.000Z', // Sunday 09:00 AEDT; clocks go back on 4 April
    isRecurring: true,
    recurringType: 'weekly',
    recurringInterval: 1,
    recurringDays: ['0'],
    recurringEndCount: 3,
    timeZone: 'Australia/Sydney',
  };

  it("repeats a series at its local time in the creator's zone across DST, in New York and Sydney; weekdays as picked", async () => {
    const created = await coach.post(`/api/teams/${team.id}/events`, newYork);
    expect(created.status).toBe(201);
    const ny = await readJson(created);
    expect(ny).toMatchObject({
      date: '2027-03-02T23:00:00.000Z',
      recurringDays: ['tuesday', 'thursday'],
      timeZone: 'America/New_York',
    });
    expect(await occurrencesOf(ny.id, '2027-03-01T00:00:00Z', '2027-03-31T00:00:00Z')).toEqual([
      '2027-03-02T23:00:00.000Z',
      '2027-03-04T23:00:00.000Z',
      '2027-03-09T23:00:00.000Z',
      '2027-03-11T23:00:00.000Z',
      '2027-03-16T22:00:00.000Z',
      '2027-03-18T22:00:00.000Z',
    ]);
    const syd = await readJson(await coach.post(`/api/teams/${team.id}/events`, sydney));
    expect(syd).toMatchObject({ recurringDays: ['sunday'], timeZone: 'Australia/Sydney' });
    expect(await occurrencesOf(syd.id, '2027-03-01T00:00:00Z', '2027-04-30T00:00:00Z')).toEqual([
      '2027-03-27T22:00:00.000Z',
      '2027-04-03T23:00:00.000Z',
      '2027-04-10T23:00:00.000Z',
    ]);
    // An RSVP goes to the occurrence after the change, at its real instant.
    const answered = await parent.post(`/api/events/${ny.id}/rsvp`, {
      status: 'yes',
      occurrenceDate: '2027-03-16T22:00:00.000Z',
    });
    expect(answered.status).toBe(200);
    const utcReading = await parent.post(`/api/events/${ny.id}/rsvp`, {
      status: 'yes',
      occurrenceDate: '2027-03-16T23:00:00.000Z',
    });
    expect(utcReading.status).toBe(404);
  });

  it('publishes zoned series in the iCalendar feed with TZID and VTIMEZONE; a calendar app expands them as the API does', async () => {
    const ny = await readJson(await coach.post(`/api/teams/${team.id}/events`, { ...newYork, title: 'Feed NY' }));
    const syd = await readJson(await coach.post(`/api/teams/${team.id}/events`, { ...sydney, title: 'Feed Sydney' }));
    const { url } = await readJson(await parent.post(`/api/teams/${team.id}/calendar-token`));
    const feedUrl = new URL(url);
    const raw = await (await fetch(`${server.url}${feedUrl.pathname}${feedUrl.search}`)).text();
    const lines = raw.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VTIMEZONE',
        'TZID:America/New_York',
        'TZID:Australia/Sydney',
        'DTSTART;TZID=America/New_York:20270302T180000',
        'DTSTART;TZID=Australia/Sydney:20270328T090000',
      ]),
    );
    expect(lines.filter((l) => l === 'TZID:America/New_York')).toHaveLength(1);

    // ical.js (the parser Thunderbird uses) reads the zones from the feed and expands each rule.
    const calendar = new ICAL.Component(ICAL.parse(raw));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    for (const series of [ny, syd]) {
      const vevent = calendar
        .getAllSubcomponents('vevent')
        .find((v) => v.getFirstPropertyValue('uid') === `${series.id}@127.0.0.1`)!;
      const iterator = new ICAL.Event(vevent).iterator();
      const expanded: string[] = [];
      for (let next = iterator.next(); next; next = iterator.next()) expanded.push(next.toJSDate().toISOString());
      expect(expanded).toEqual(await occurrencesOf(series.id, '2027-03-01T00:00:00Z', '2027-05-01T00:00:00Z'));
    }
  });

  it('keeps a series without an end going: upcoming, a range two years ahead and RSVPs there', async () => {
    const twoYearsAgo = new Date(Date.now() - 730 * DAY);
    twoYearsAgo.setUTCHours(17, 0, 0, 0);
    const series = await readJson(
      await coach.post(`/api/teams/${team.id}/events`, {
        title: 'Daily drills',
        date: twoYearsAgo.toISOString(),
        isRecurring: true,
        recurringType: 'daily',
        recurringInterval: 1,
        recurringEndDate: null,
        recurringEndCount: null,
        timeZone: 'Europe/London',
      }),
    );
    const upcoming = await readJson(await player.get(`/api/teams/${team.id}/events/upcoming?limit=100`));
    const next = upcoming.filter((e: { id: string }) => e.id === series.id);
    expect(next.length).toBeGreaterThan(0);
    expect(Date.parse(next[0].date)).toBeGreaterThanOrEqual(Date.now() - 1000);
    expect(Date.parse(next[0].date)).toBeLessThanOrEqual(Date.now() + DAY);

    const from = new Date(Date.now() + 730 * DAY);
    const to = new Date(from.getTime() + 7 * DAY);
    const ahead = await occurrencesOf(series.id, from.toISOString(), to.toISOString());
    expect(ahead).toHaveLength(7);
    const answered = await parent.post(`/api/events/${series.id}/rsvp`, { status: 'maybe', occurrenceDate: ahead[3] });
    expect(answered.status).toBe(200);
    expect(await readJson(answered)).toMatchObject({
      occurrenceDate: ahead[3],
      rsvps: [{ status: 'maybe', userId: parent.userId }],
    });
    // Without a range the list reaches a year ahead.
    const all = await readJson(await parent.get(`/api/teams/${team.id}/events`));
    const listed = all.filter((e: { id: string }) => e.id === series.id);
    expect(listed[0].date).toBe(series.date);
    expect(Date.parse(listed.at(-1).date)).toBeGreaterThan(Date.now() + 364 * DAY);
    expect(Date.parse(listed.at(-1).date)).toBeLessThanOrEqual(Date.now() + 367 * DAY);
  });

  it('refuses an unknown time zone and bad or too long ranges with 400 and the field', async () => {
    for (const timeZone of ['Mars/Olympus_Mons', '+05:00', 'Europe/London; DROP']) {
      const refused = await coach.post(`/api/teams/${team.id}/events`, { ...newYork, timeZone });
      expect(refused.status).toBe(400);
      expect(Object.keys((await readJson(refused)).fieldErrors)).toEqual(['timeZone']);
    }
    const get = async (query: string) => parent.get(`/api/teams/${team.id}/events?${query}`);
    for (const query of [
      'from=soon',
      'from=2027-03-01T00:00:00Z&to=2027-02-01T00:00:00Z',
      'from=2027-03-01T00:00:00Z&to=2030-03-01T00:00:00Z',
      `to=${new Date(Date.now() + 800 * DAY).toISOString()}`,
    ]) {
      const refused = await get(query);
      expect([query, refused.status]).toEqual([query, 400]);
      expect(await readJson(refused)).toMatchObject({ code: 'VALIDATION', fieldErrors: expect.any(Object) });
    }
    // The range and the zone are documented.
    const openapi = await readJson(await fetch(`${server.url}/api/docs/json`));
    const list = openapi.paths['/api/teams/{teamId}/events'];
    expect(list.get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['from', 'to']));
    expect(JSON.stringify(list.post.requestBody)).toContain('timeZone');
  });
});

describe("an event's zone: the team's, else its organization's, else the creator's browser's", () => {
  const weeklyFromBerlin = {
    title: 'Practice',
    date: '2027-03-02T23:00:00.000Z',
    isRecurring: true,
    recurringType: 'weekly',
    recurringInterval: 1,
    recurringDays: ['2'],
    recurringEndCount: 3,
    // What a coach's browser sends when it is set to Berlin.
    timeZone: 'Europe/Berlin',
  };

  it('schedules an org team in the organization zone, then in the zone set on the team, and back', async () => {
    const admin = await signUp(server.url, 'coach', 'Zoe Zoneadmin');
    const org = await readJson(
      await admin.post('/api/organizations', { name: 'Brooklyn Youth FC', timezone: 'America/New_York' }),
    );
    const season = await readJson(
      await admin.post(`/api/organizations/${org.id}/seasons`, {
        name: 'Spring 2027',
        sport: 'Soccer',
        startDate: '2027-03-01',
        endDate: '2027-06-30',
      }),
    );
    const orgTeam = await readJson(
      await admin.post(`/api/organizations/${org.id}/teams`, { seasonId: season.id, name: 'U10 Comets' }),
    );

    const inOrgZone = await readJson(await admin.post(`/api/teams/${orgTeam.id}/events`, weeklyFromBerlin));
    expect(inOrgZone.timeZone).toBe('America/New_York');

    const edited = await admin.put(`/api/teams/${orgTeam.id}`, { name: 'U10 Comets', timeZone: 'America/Chicago' });
    expect(edited.status).toBe(200);
    expect(await readJson(edited)).toMatchObject({ timeZone: 'America/Chicago' });
    const inTeamZone = await readJson(await admin.post(`/api/teams/${orgTeam.id}/events`, weeklyFromBerlin));
    expect(inTeamZone.timeZone).toBe('America/Chicago');

    // An edit that leaves the zone out keeps it; the form's empty choice goes back to the organization's.
    await admin.put(`/api/teams/${orgTeam.id}`, { name: 'U10 Comets FC' });
    expect((await readJson(await admin.post(`/api/teams/${orgTeam.id}/events`, weeklyFromBerlin))).timeZone).toBe(
      'America/Chicago',
    );
    const cleared = await admin.put(`/api/teams/${orgTeam.id}`, { name: 'U10 Comets FC', timeZone: '' });
    expect(await readJson(cleared)).toMatchObject({ timeZone: null });
    expect((await readJson(await admin.post(`/api/teams/${orgTeam.id}/events`, weeklyFromBerlin))).timeZone).toBe(
      'America/New_York',
    );

    const refused = await admin.put(`/api/teams/${orgTeam.id}`, { name: 'U10 Comets FC', timeZone: 'Mars/Base' });
    expect(refused.status).toBe(400);
    expect(Object.keys((await readJson(refused)).fieldErrors)).toEqual(['timeZone']);
  });

  it("uses the creator's browser zone for an independent team, and UTC when none is sent", async () => {
    const berlin = await readJson(await coach.post(`/api/teams/${team.id}/events`, weeklyFromBerlin));
    expect(berlin.timeZone).toBe('Europe/Berlin');
    const { timeZone: _omitted, ...withoutZone } = weeklyFromBerlin;
    expect((await readJson(await coach.post(`/api/teams/${team.id}/events`, withoutZone))).timeZone).toBe('UTC');
  });
});
