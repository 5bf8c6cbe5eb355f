import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActivityPageSchema, livestreamSchema } from '@sideline/domain';
import { testDatabaseKinds } from '@sideline/infra/testing';
import { readJson, type ApiClient } from './http-client.ts';
import { createClub, member, type Club } from './match-fixture.ts';
import { freePort, publish, type Publisher } from './rtmp-publisher.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { until } from './until.ts';

// When access ends, broadcasting ends with it. A deleted team's streams leave every read, their
// viewers are let go, a live publish is cut off and ended, and their keys publish nothing. A coach
// deactivated by the organization cannot keep broadcasting with a key they were given: it stops
// working at once, until a manager of the team rotates it. Real ffmpeg publishers over real RTMP.

/** A publish that must end is cut off within this long. */
const CUT_OFF_WITHIN_MS = 5_000;
/** Long enough for a manager to rotate a revoked key and resume the stream. */
const GRACE_SECONDS = 30;

const publishers: Publisher[] = [];
afterAll(() => {
  for (const p of publishers) p.child.kill('SIGKILL');
});

/** ffmpeg's exit code, or 'still publishing' when it has not exited within `ms`. */
const exitWithin = (p: Publisher, ms: number) =>
  Promise.race([
    p.exited,
    new Promise<'still publishing'>((r) => setTimeout(() => r('still publishing'), Math.max(0, ms))),
  ]);

describe.each(await testDatabaseKinds())('livestreams when access ends (%s)', (kind) => {
  let server: TestServer;
  let dataDir: string;
  let club: Club;
  let stranger: ApiClient;
  let rtmpPort: number;

  beforeAll(async () => {
    rtmpPort = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-live-access-'));
    server = await startTestServer({
      kind,
      env: {
        TRUST_PROXY: '1',
        RTMP_ENABLED: '1',
        RTMP_PORT: String(rtmpPort),
        LIVESTREAM_GRACE_SECONDS: String(GRACE_SECONDS),
        DATA_DIR: dataDir,
      },
    });
    club = await createClub(server, 'Riverside');
    stranger = await member(server, 'coach', 'Sam Stranger');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const rtmp = (key: string) => `rtmp://127.0.0.1:${rtmpPort}/live/${key}`;
  const startPublisher = (key: string) => {
    const p = publish(rtmp(key), 60);
    publishers.push(p);
    return p;
  };
  const createStream = async (by: ApiClient, teamId: string, extra: Record<string, unknown> = {}) => {
    const response = await by.post('/api/livestreams', {
      teamId,
      title: 'Hawks v Owls',
      recordStream: false,
      ...extra,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return livestreamSchema.parse(await readJson(response));
  };
  const streamAs = async (client: ApiClient, id: string) => {
    const response = await client.get(`/api/livestreams/${id}`);
    return response.status === 200 ? livestreamSchema.parse(await readJson(response)) : response.status;
  };
  const activeIds = async (client: ApiClient) =>
    livestreamSchema
      .array()
      .parse(await readJson(await client.get('/api/livestreams/active')))
      .map((s) => s.id);
  /** A publish that is refused at connect: ffmpeg gives up on its own, with an error. */
  const expectRefused = async (key: string) => {
    const p = startPublisher(key);
    const outcome = await exitWithin(p, 8_000);
    expect(outcome).not.toBe('still publishing');
    expect(outcome).not.toBe(0);
  };
  async function onAir(by: ApiClient, id: string, key: string): Promise<Publisher> {
    const p = startPublisher(key);
    await until(async () => {
      const s = await streamAs(by, id);
      return typeof s !== 'number' && s.status === 'live' && s.ingest === 'on_air';
    }, 10_000);
    return p;
  }

  it("a deleted team's streams leave every read, its viewers are let go, its live publish is ended and its keys refused", async () => {
    const live = await createStream(club.coachB, club.teamB.id, { isPublic: true, title: 'Owls open day' });
    const later = await createStream(club.coachB, club.teamB.id, { title: 'Owls next week' });
    const publisher = await onAir(club.coachB, live.id, live.streamKey!);

    // Before: anyone signed in finds the public stream; the organization's admin finds both.
    expect(await activeIds(stranger)).toContain(live.id);
    expect(await activeIds(club.admin)).toContain(live.id);
    expect(await activeIds(club.bo)).toContain(live.id);
    expect(await streamAs(stranger, live.id)).toMatchObject({ id: live.id, status: 'live' });

    // A signed-out viewer watches the public stream.
    const playback = await fetch(`${server.url}/api/livestreams/${live.id}/live.flv`);
    expect(playback.status).toBe(200);
    const reader = playback.body!.getReader();
    let received = 0;
    let closed = false;
    const reading = (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          received += value.length;
        }
      } catch {
        // cut off
      }
      closed = true;
    })();
    await until(async () => received > 5_000, 8_000);

    const deletedAt = Date.now();
    expect((await club.admin.delete(`/api/admin/teams/${club.teamB.id}`)).status).toBe(204);

    // The publish is cut off and the viewer let go, within 5 s.
    const outcome = await exitWithin(publisher, CUT_OFF_WITHIN_MS - (Date.now() - deletedAt));
    expect(outcome).not.toBe('still publishing');
    expect(outcome).not.toBe(0);
    await until(async () => closed, Math.max(500, CUT_OFF_WITHIN_MS - (Date.now() - deletedAt)));
    await reading;

    // Gone from every list and read, for everyone.
    for (const who of [stranger, club.admin, club.coachB, club.bo]) {
      expect(await activeIds(who)).not.toContain(live.id);
      expect(await streamAs(who, live.id)).toBe(404);
      expect(await streamAs(who, later.id)).toBe(404);
    }
    expect((await fetch(`${server.url}/api/livestreams/${live.id}/live.flv`)).status).toBe(404);
    expect((await club.admin.get(`/api/livestreams/${live.id}/live.flv`)).status).toBe(404);
    expect((await club.admin.get(`/api/livestreams/${live.id}/chat`)).status).toBe(404);
    expect((await club.admin.post(`/api/livestreams/${later.id}/key`)).status).toBe(404);
    expect((await club.admin.post(`/api/livestreams/${live.id}/end`)).status).toBe(404);

    // Neither key publishes any more.
    await expectRefused(live.streamKey!);
    await expectRefused(later.streamKey!);

    // History is kept: the audit tells how the broadcast ended.
    const audit = adminActivityPageSchema.parse(
      await readJson(await club.admin.get(`/api/admin/activity?teamId=${club.teamB.id}&type=LivestreamEnded`)),
    );
    expect(audit.items.map((a) => a.description)).toEqual([
      `A livestream of ${club.teamB.name} ended (the team was deleted)`,
    ]);
  }, 120_000);

  it('a coach deactivated by the organization cannot keep broadcasting: the keys they were given stop working until a manager rotates them', async () => {
    const mine = await createStream(club.coach, club.teamA.id, { title: 'Hawks training' });
    const scheduled = await createStream(club.coach, club.teamA.id, { title: 'Hawks next week' });
    // A key the admin was given, not the coach: it keeps working.
    const theirs = await createStream(club.admin, club.teamA.id, { title: 'Hawks awards night' });
    const publisher = await onAir(club.admin, mine.id, mine.streamKey!);

    const deactivatedAt = Date.now();
    expect((await club.admin.delete(`/api/admin/people/${club.coach.userId}`)).status).toBe(204);

    // The coach's publish is cut off within 5 s: the stream waits, interrupted, for its team.
    const outcome = await exitWithin(publisher, CUT_OFF_WITHIN_MS - (Date.now() - deactivatedAt));
    expect(outcome).not.toBe('still publishing');
    expect(outcome).not.toBe(0);
    await until(async () => {
      const s = await streamAs(club.admin, mine.id);
      return typeof s !== 'number' && s.ingest === 'interrupted';
    }, 5_000);
    // Managers are told which keys stopped working.
    expect(await streamAs(club.admin, mine.id)).toMatchObject({ status: 'live', streamKeyRevoked: true });
    expect(await streamAs(club.admin, scheduled.id)).toMatchObject({ status: 'scheduled', streamKeyRevoked: true });
    expect(await streamAs(club.admin, theirs.id)).toMatchObject({ status: 'scheduled', streamKeyRevoked: false });
    expect(await streamAs(club.parent, mine.id)).toMatchObject({ streamKeyRevoked: false, streamKeyHint: null });

    // The keys the coach was given are refused; the admin's still publishes.
    await expectRefused(mine.streamKey!);
    await expectRefused(scheduled.streamKey!);
    const other = await onAir(club.admin, theirs.id, theirs.streamKey!);
    other.child.kill('SIGKILL');
    await other.exited;

    // Reactivation gives the coach their teams back, not the keys.
    expect((await club.admin.patch(`/api/admin/people/${club.coach.userId}`, { isActive: true })).status).toBe(200);
    expect((await club.coach.get(`/api/teams/${club.teamA.id}`)).status).toBe(200);
    await expectRefused(scheduled.streamKey!);

    // A manager rotates the key: the new one resumes the stream within its grace period.
    const rotated = livestreamSchema.parse(await readJson(await club.admin.post(`/api/livestreams/${mine.id}/key`)));
    expect(rotated).toMatchObject({ streamKeyRevoked: false });
    const resumed = await onAir(club.admin, mine.id, rotated.streamKey!);
    expect(await streamAs(club.admin, mine.id)).toMatchObject({ status: 'live', ingest: 'on_air' });
    resumed.child.kill('SIGKILL');
    await resumed.exited;
  }, 120_000);
});
