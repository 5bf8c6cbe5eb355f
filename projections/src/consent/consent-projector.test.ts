import { describe, expect, it } from 'vitest';
import { createLogger, type NewEvent } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import {
  playerConsentDecider,
  fold,
  type ConsentAnswered,
  type MediaUploaded,
  type UserRegistered,
} from '@sideline/domain';
import { usersProjector } from '../identity/users-projector.ts';
import { mediaProjector } from '../media/media-projector.ts';
import { listMedia } from '../media/media-queries.ts';
import { rebuildProjections } from '../runner/rebuild.ts';
import { projectorFixtures, type ProjectorFixture } from '../testing/projector-fixture.ts';
import { consentProjector } from './consent-projector.ts';
import { playerConsents } from './consent-queries.ts';

const logger = createLogger({ level: 'silent' });
const { fixture, project } = projectorFixtures([usersProjector, mediaProjector, consentProjector]);

let clock = Date.now() - 60_000;
const meta = () => ({
  actorId: null,
  correlationId: 'c',
  causationId: null,
  occurredAt: new Date((clock += 1_000)).toISOString(),
});
const withMeta = (e: { type: string; data: unknown }): NewEvent => ({ ...e, metadata: meta() });

async function append(f: ProjectorFixture, stream: string, ...events: NewEvent[]) {
  f.last = (await f.eventStore.appendToStream(stream, events, { expectedRevision: 'any' })).position;
}

/** The events the real decider emits for a guardian's answer, given the stream so far. */
function answer(history: ConsentAnswered[], photos: 'given' | 'withheld'): ConsentAnswered[] {
  return playerConsentDecider.decide(
    {
      type: 'AnswerConsents',
      data: {
        playerId: 'p1',
        teamId: 't1',
        answers: { photos },
        textVersion: 1,
        currentTextVersion: 1,
        by: 'g1',
        actor: 'guardian',
        address: '203.0.113.7',
        browser: 'Test/1',
        at: new Date((clock += 1_000)).toISOString(),
      },
    },
    fold(playerConsentDecider, history),
  );
}

const registered = (userId: string, name: string): UserRegistered => ({
  type: 'UserRegistered',
  data: { userId, name, email: `${userId}@example.com`, role: 'parent' },
});
const photo = (mediaId: string, players?: string[]): MediaUploaded => ({
  type: 'MediaUploaded',
  data: {
    mediaId,
    teamId: 't1',
    uploaderId: 'coach',
    kind: 'photo',
    title: mediaId,
    description: '',
    contentType: 'image/png',
    bytes: 10,
    width: 16,
    height: 9,
    url: `/api/media/${mediaId}.png`,
    thumbnailUrl: null,
    ...(players ? { players } : {}),
  },
});

for (const kind of await testDatabaseKinds()) {
  describe(`consent projector on ${kind}`, () => {
    it('hides media naming a child without photo consent from members (not its uploader), shows it again, announces each change, and rebuilds the same rows', async () => {
      const f = await fixture(kind);
      const db = f.database.db;
      await append(f, 'user-g1', withMeta(registered('g1', 'Gina Guardian')));
      const given = answer([], 'given');
      await append(f, 'consent-p1', ...given.map(withMeta));
      await append(f, 'media-m1', withMeta(photo('m1', ['p1'])));
      await append(f, 'media-m2', withMeta(photo('m2')));
      await project(f);
      const ids = async (viewer: string) => (await listMedia(db, 't1', viewer)).map((m) => [m.id, m.hiddenByConsent]);
      expect(await ids('member')).toEqual([
        ['m2', undefined],
        ['m1', undefined],
      ]);

      f.published.length = 0;
      const withdrawn = answer(given, 'withheld');
      await append(f, 'consent-p1', ...withdrawn.map(withMeta));
      await project(f);
      expect(await ids('member')).toEqual([['m2', undefined]]);
      expect(await ids('coach')).toEqual([
        ['m2', undefined],
        ['m1', true],
      ]);
      // Open Media Hubs of the team refetch at once.
      expect(f.published.map((m) => (m.data as { type: string }).type)).toContain('media_changed');

      await append(f, 'consent-p1', ...answer([...given, ...withdrawn], 'given').map(withMeta));
      await project(f);
      expect((await ids('member')).map(([id]) => id)).toEqual(['m2', 'm1']);

      const ledger = await playerConsents(db, 't1', 'p1', { canAnswer: false });
      expect(ledger.history.map((h) => [h.state, h.by.name, h.address, h.browser])).toEqual([
        ['given', 'Gina Guardian', '203.0.113.7', 'Test/1'],
        ['withheld', 'Gina Guardian', '203.0.113.7', 'Test/1'],
        ['given', 'Gina Guardian', '203.0.113.7', 'Test/1'],
      ]);

      const before = { ledger, member: await ids('member'), coach: await ids('coach') };
      await rebuildProjections({ ...f, logger, projectors: [consentProjector], until: f.last! });
      expect({
        ledger: await playerConsents(db, 't1', 'p1', { canAnswer: false }),
        member: await ids('member'),
        coach: await ids('coach'),
      }).toEqual(before);
    });
  });
}
