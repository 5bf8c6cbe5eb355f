import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from './http-client.ts';
import { createClub, type Club } from './match-fixture.ts';
import {
  noticesSettled,
  startPushedServer,
  stopPushedServer,
  subscribedDevice,
  type PushedServer,
} from './push-fixture.ts';
import { freePort, publish } from './rtmp-publisher.ts';

/**
 * A livestream going live is pushed to its team, under each person's `livestreams` switch: a real
 * ffmpeg publishes over RTMP, the ingest marks the stream live, and the local push service records
 * (and decrypts) what reaches each device.
 */
let pushed: PushedServer;
let club: Club;
let rtmpPort: number;

beforeAll(async () => {
  rtmpPort = await freePort();
  pushed = await startPushedServer({
    env: {
      RTMP_ENABLED: '1',
      RTMP_PORT: String(rtmpPort),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sideline-live-push-')),
    },
  });
  club = await createClub(pushed.server, 'Streamside');
}, 120_000);
afterAll(async () => {
  await stopPushedServer(pushed ?? {});
});

describe('a livestream going live', () => {
  it('is pushed to the team as "Live now", not to one who turned livestreams off', async () => {
    const { pushService } = pushed;
    const parentPhone = await subscribedDevice(pushService, club.parent);
    const avaPhone = await subscribedDevice(pushService, club.ava);
    const prefs = await readJson(await club.ava.get('/api/user/notification-preferences'));
    expect((await club.ava.put('/api/user/notification-preferences', { ...prefs, livestreams: false })).status).toBe(
      200,
    );
    const created = await club.coach.post('/api/livestreams', { teamId: club.teamA.id, title: 'Cup final live' });
    expect(created.status, await created.clone().text()).toBe(201);
    const stream = await readJson(created);

    const ffmpeg = publish(`rtmp://127.0.0.1:${rtmpPort}/live/${stream.streamKey}`, 4);
    try {
      await expect
        .poll(() => pushService.receivedBy(parentPhone).map((r) => r.payload), { timeout: 15_000, interval: 100 })
        .toContainEqual({
          title: 'Live now: Cup final live',
          body: `${club.teamA.name} is streaming`,
          url: `/livestream?id=${stream.id}`,
          tag: `live-${stream.id}`,
          noticeId: expect.any(String),
        });
      await noticesSettled(pushed.server);
      expect(pushService.receivedBy(avaPhone)).toEqual([]);
    } finally {
      await ffmpeg.exited;
    }
  });
});
