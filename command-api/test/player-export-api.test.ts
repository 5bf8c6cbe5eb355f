import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@sideline/infra/testing';
import { readJson } from './http-client.ts';
import { createClub, member, type Club } from './match-fixture.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const run = promisify(execFile);

/** The archive is read back with Info-ZIP's unzip (another implementation than the writer's). */
async function unzip(zip: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sideline-export-zip-'));
  const file = path.join(dir, 'export.zip');
  writeFileSync(file, zip);
  const { stdout } = await run('/usr/bin/unzip', ['-Z1', file]);
  const names = stdout.trim().split('\n');
  const read = async (name: string) =>
    (await run('/usr/bin/unzip', ['-p', file, name], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 })).stdout;
  const json = async (name: string) => JSON.parse((await read(name)).toString('utf8'));
  return { names, read, json, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

describe.each(await testDatabaseKinds())("a guardian's copy of their child's data (issue 34, %s)", (kind) => {
  let server: TestServer;
  let dataDir: string;
  let club: Club;
  let mia: { id: string };
  const exportUrl = () => `/api/teams/${club.teamA.id}/players/${mia.id}/export`;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-export-'));
    server = await startTestServer({ kind, env: { DATA_DIR: dataDir } });
    club = await createClub(server, 'Riverside');
    mia = (await readJson(await club.coach.post(`/api/teams/${club.teamA.id}/players`, { name: 'Mia' }))).player;
    const linked = await club.coach.post(`/api/teams/${club.teamA.id}/players/${mia.id}/guardians`, {
      userId: club.parent.userId,
    });
    expect(linked.status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const consent = (body: Record<string, unknown>) =>
    fetch(`${server.url}/api/teams/${club.teamA.id}/players/${mia.id}/consents`, {
      method: 'PUT',
      headers: { cookie: club.parent.cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, textVersion: 1 }),
    });

  it('answers the linked guardian only; the coach, other members, outsiders and unknown players get 404; signed out 401', async () => {
    expect((await club.parent.get(exportUrl())).status).toBe(200);
    for (const other of [club.coach, club.admin, club.ava, club.bo]) {
      expect((await other.get(exportUrl())).status).toBe(404);
    }
    const outsider = await member(server, 'coach', 'Sam Stranger');
    expect((await outsider.get(exportUrl())).status).toBe(404);
    expect((await club.parent.get(`/api/teams/${club.teamA.id}/players/nope/export`)).status).toBe(404);
    expect((await club.parent.get(`/api/teams/${club.teamB.id}/players/${mia.id}/export`)).status).toBe(404);
    expect((await fetch(`${server.url}${exportUrl()}`)).status).toBe(401);
  });

  it('holds a JSON file per kind and the media naming the child', async () => {
    expect((await consent({ photos: 'given', livestream: 'withheld' })).status).toBe(200);
    const event = await readJson(
      await club.coach.post(`/api/teams/${club.teamA.id}/events`, {
        title: 'Training',
        location: 'Field 1',
        date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      }),
    );
    const rsvp = await club.parent.post(`/api/events/${event.id}/rsvp`, {
      status: 'yes',
      occurrenceDate: event.occurrenceDate,
      playerId: mia.id,
    });
    expect(rsvp.status, await rsvp.clone().text()).toBe(200);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#1d6f42' } })
      .png()
      .toBuffer();
    const upload = async (players?: string) => {
      const form = new FormData();
      form.append('type', 'photo');
      if (players) form.append('players', players);
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'team.png');
      const response = await fetch(`${server.url}/api/teams/${club.teamA.id}/media/upload`, {
        method: 'POST',
        headers: { cookie: club.coach.cookie, origin: server.url },
        body: form,
      });
      expect(response.status).toBe(201);
      return readJson(response);
    };
    const naming = await upload(mia.id);
    const notNaming = await upload();

    const response = await club.parent.get(exportUrl());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="sideline-Mia.zip"');
    const zip = await unzip(Buffer.from(await response.arrayBuffer()));
    try {
      const file = String(naming.url).split('/').pop()!;
      expect(zip.names).toEqual(
        expect.arrayContaining([
          'roster-history.json',
          'attendance.json',
          'match-stats.json',
          'playing-time.json',
          'rewards.json',
          'consents.json',
          'media.json',
          `media/${file}`,
        ]),
      );
      expect(zip.names.join()).not.toContain(String(notNaming.url).split('/').pop());
      const roster = await zip.json('roster-history.json');
      expect(roster.player).toMatchObject({ id: mia.id, teamId: club.teamA.id, name: 'Mia' });
      expect(roster.guardians).toEqual([
        expect.objectContaining({ userId: club.parent.userId, name: 'Riverside Parent', to: null }),
      ]);
      expect(await zip.json('attendance.json')).toEqual([
        expect.objectContaining({
          eventId: event.id,
          title: 'Training',
          status: 'yes',
          answeredBy: club.parent.userId,
        }),
      ]);
      expect(await zip.json('match-stats.json')).toEqual([]);
      expect(await zip.json('playing-time.json')).toEqual([]);
      expect(await zip.json('rewards.json')).toEqual({ totals: [], badges: [], grants: [] });
      const consents = await zip.json('consents.json');
      expect(consents).toMatchObject({ photos: { state: 'given' }, livestream: { state: 'withheld' } });
      expect(consents.history).toHaveLength(2);
      expect(await zip.json('media.json')).toEqual([
        expect.objectContaining({ id: naming.id, file: `media/${file}`, contentType: 'image/png' }),
      ]);
      // The file is the stored one, byte for byte.
      const stored = await club.parent.get(naming.url);
      expect(Buffer.compare(await zip.read(`media/${file}`), Buffer.from(await stored.arrayBuffer()))).toBe(0);
    } finally {
      zip.cleanup();
    }
  });
  it('streams the export of a child with 5,000 rows in under 5 s', async () => {
    const { player: leo } = await readJson(
      await club.coach.post(`/api/teams/${club.teamA.id}/players`, { name: 'Leo' }),
    );
    const linked = await club.coach.post(`/api/teams/${club.teamA.id}/players/${leo.id}/guardians`, {
      userId: club.parent.userId,
    });
    expect(linked.status).toBe(200);
    // Leo's history in the read models as their projectors write them (as bench/export.ts loads
    // it): 4,000 attendance answers over ten daily series and 1,000 stats over 100 matches.
    // Seeding that through the API would take minutes; the export reads only these tables.
    const { db } = server.database;
    await sql`
      INSERT INTO calendar_player_rsvps (event_id, occurrence_date, player_id, team_id, id, status, answered_by,
        updated_at, late_change)
      SELECT 'load-event-' || (g % 10), timestamptz '2020-01-01 17:00Z' + (g / 10) * interval '1 day', ${leo.id},
        ${club.teamA.id}, 'load-rsvp-' || g, (ARRAY['yes', 'no', 'maybe'])[1 + g % 3], ${club.parent.userId},
        timestamptz '2020-01-01 12:00Z' + (g / 10) * interval '1 day', g % 17 = 0
      FROM generate_series(0, 3999) g`.execute(db);
    await sql`
      INSERT INTO match_stats (id, match_id, season_id, participant_id, user_id, player_id, team_id, side, stat_type,
        value_h, context, recorded_at, amended, seq)
      SELECT 'load-stat-' || lpad(g::text, 6, '0'), 'load-match-' || (g % 100), 'load-season', 'load-participant',
        NULL, ${leo.id}, ${club.teamA.id}, 'a', (ARRAY['goal', 'assist', 'shot', 'save'])[1 + g % 4], 2, NULL,
        timestamptz '2020-01-01 17:00Z' + g * interval '1 hour', false, g
      FROM generate_series(0, 999) g`.execute(db);

    const started = performance.now();
    const response = await club.parent.get(`/api/teams/${club.teamA.id}/players/${leo.id}/export`);
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(5);
    // Streamed: no length known up front, the archive written as it is read.
    expect(response.headers.get('content-length')).toBeNull();
    const zip = await unzip(body);
    try {
      const attendance = await zip.json('attendance.json');
      const stats = await zip.json('match-stats.json');
      expect(attendance).toHaveLength(4000);
      expect(stats).toHaveLength(1000);
      expect(
        new Set(attendance.map((a: { eventId: string; occurrence: string }) => `${a.eventId} ${a.occurrence}`)).size,
      ).toBe(4000);
    } finally {
      zip.cleanup();
    }
  }, 60_000);
});
