import { describe, expect, it } from 'vitest';
import { createLogger, type NewEvent } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import type { MediaEvent, MediaUploaded, UserRegistered } from '@sideline/domain';
import { usersProjector } from '../identity/users-projector.ts';
import { rebuildProjections } from '../runner/rebuild.ts';
import { mediaProjector } from './media-projector.ts';
import { findMedia, findMediaItem, listMedia } from './media-queries.ts';
import { projectorFixtures, type ProjectorFixture } from '../testing/projector-fixture.ts';

const logger = createLogger({ level: 'silent' });
const projectors = [usersProjector, mediaProjector];

type Fixture = ProjectorFixture;
const { fixture, project } = projectorFixtures(projectors);

let clock = Date.now() - 60_000;
const meta = () => ({
  actorId: null,
  correlationId: 'c',
  causationId: null,
  occurredAt: new Date((clock += 1_000)).toISOString(),
});
const event = (e: MediaEvent | UserRegistered): NewEvent => ({ ...e, metadata: meta() });
const registered = (userId: string, name: string) =>
  event({ type: 'UserRegistered', data: { userId, name, email: `${userId}@example.com`, role: 'parent' } });
const uploaded = (mediaId: string, kind: MediaUploaded['data']['kind'], extra: Partial<MediaUploaded['data']> = {}) =>
  event({
    type: 'MediaUploaded',
    data: {
      mediaId,
      teamId: 't1',
      uploaderId: 'u1',
      kind,
      title: mediaId,
      description: '',
      contentType: kind === 'photo' ? 'image/png' : 'video/mp4',
      bytes: 10,
      width: 16,
      height: 9,
      url: `/api/media/${mediaId}.${kind === 'photo' ? 'png' : 'mp4'}`,
      thumbnailUrl: null,
      ...(kind === 'photo' ? {} : { durationSeconds: 135.4 }),
      ...extra,
    },
  });
const liked = (mediaId: string, userId: string, type: 'MediaLiked' | 'MediaUnliked' = 'MediaLiked') =>
  event({ type, data: { mediaId, teamId: 't1', userId } });

async function append(f: Fixture, stream: string, ...events: NewEvent[]) {
  f.last = (await f.eventStore.appendToStream(stream, events, { expectedRevision: 'any' })).position;
}

for (const kind of await testDatabaseKinds()) {
  describe(`media projector on ${kind}`, () => {
    it('lists newest first with filter, likes per viewer, deletions, and announces media_changed', async () => {
      const f = await fixture(kind);
      await append(f, 'user-u1', registered('u1', 'Alice'));
      await append(f, 'media-p1', uploaded('p1', 'photo'));
      await append(f, 'media-v1', uploaded('v1', 'video'));
      await append(f, 'media-h1', uploaded('h1', 'highlight'));
      await append(f, 'media-p2', uploaded('p2', 'photo'));
      // A like twice (a raced retry) counts once; an unlike without a like changes nothing.
      await append(
        f,
        'media-p1',
        liked('p1', 'u2'),
        liked('p1', 'u2'),
        liked('p1', 'u3'),
        liked('p1', 'u4', 'MediaUnliked'),
      );
      await append(
        f,
        'media-p2',
        event({ type: 'MediaDeleted', data: { mediaId: 'p2', teamId: 't1', deletedBy: 'u1' } }),
      );
      await project(f);

      const db = f.database.db;
      expect((await listMedia(db, 't1', 'u2')).map((m) => m.id)).toEqual(['h1', 'v1', 'p1']);
      expect((await listMedia(db, 't1', 'u2', { type: 'video' })).map((m) => m.id)).toEqual(['v1']);
      expect((await listMedia(db, 't1', 'u2', { type: 'highlight' })).map((m) => m.id)).toEqual(['h1']);
      expect((await listMedia(db, 't1', 'u2', { limit: 1, before: 'v1' })).map((m) => m.id)).toEqual(['p1']);
      expect(await listMedia(db, 't2', 'u2')).toEqual([]);
      expect(await findMediaItem(db, 't1', 'p1', 'u2')).toMatchObject({
        likes: 2,
        likedByMe: true,
        durationSeconds: null,
      });
      expect(await findMediaItem(db, 't1', 'p1', 'u4')).toMatchObject({ likes: 2, likedByMe: false });
      expect(await findMediaItem(db, 't1', 'v1', 'u2')).toMatchObject({
        type: 'video',
        durationSeconds: 135.4,
        uploader: { id: 'u1', name: 'Alice' },
      });
      expect(await findMedia(db, 'p2')).toBeNull();
      expect(f.published.some((m) => m.subject === 'sideline.team.t1.media')).toBe(true);

      await append(f, 'media-p1', liked('p1', 'u2', 'MediaUnliked'));
      await project(f);
      expect(await findMediaItem(db, 't1', 'p1', 'u2')).toMatchObject({ likes: 1, likedByMe: false });

      // A rebuild yields the same rows.
      const before = await listMedia(db, 't1', 'u3');
      await rebuildProjections({ ...f, logger, projectors: [mediaProjector], until: f.last! });
      expect(await listMedia(db, 't1', 'u3')).toEqual(before);
    });
  });
}
