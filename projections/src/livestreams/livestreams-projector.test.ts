import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createLogger, type NewEvent } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import {
  fold,
  livestreamDecider,
  livestreamStream,
  userDecider,
  userStream,
  type LivestreamCommand,
  type LivestreamEvent,
} from '@sideline/domain';
import { usersProjector } from '../identity/users-projector.ts';
import { rebuildProjections } from '../runner/rebuild.ts';
import { projectorFixtures, type ProjectorFixture } from '../testing/projector-fixture.ts';
import { livestreamsProjector } from './livestreams-projector.ts';
import { findLivestreamRow, listLivestreamChat, listTeamLivestreams } from './livestreams-queries.ts';

const logger = createLogger({ level: 'silent' });
const projectors = [usersProjector, livestreamsProjector];
const { fixture, project } = projectorFixtures(projectors);
const T0 = Date.parse('2026-05-02T10:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

/** Commands through the real decider, appended as the command handler would. */
function operator(f: ProjectorFixture, livestreamId: string) {
  const history: LivestreamEvent[] = [];
  return async (command: LivestreamCommand) => {
    const events = livestreamDecider.decide(command, fold(livestreamDecider, history));
    if (events.length === 0) return;
    const metadata = { actorId: command.data.by, correlationId: 'c', causationId: null, occurredAt: command.data.at };
    const appended = await f.eventStore.appendToStream(
      livestreamStream(livestreamId),
      events.map((e): NewEvent => ({ type: e.type, data: e.data, metadata })),
      { expectedRevision: history.length === 0 ? 'no_stream' : history.length - 1 },
    );
    history.push(...events);
    f.last = appended.position;
  };
}

async function register(f: ProjectorFixture, userId: string, name: string) {
  const events = userDecider.decide(
    { type: 'RegisterUser', data: { userId, email: `${userId}@example.com`, name, role: 'parent' } },
    userDecider.initialState,
  );
  const appended = await f.eventStore.appendToStream(
    userStream(userId),
    events.map((e: { type: string; data: unknown }): NewEvent => ({
      type: e.type,
      data: e.data,
      metadata: { actorId: userId, correlationId: 'c', causationId: null, occurredAt: at(0) },
    })),
    { expectedRevision: 'no_stream' },
  );
  f.last = appended.position;
}

for (const kind of await testDatabaseKinds()) {
  describe(`livestreams projector on ${kind}`, { timeout: 90_000 }, () => {
    it('keeps streams through their lifecycle and their chat, announces them, and rebuilds the same rows', async () => {
      const f = await fixture(kind);
      await register(f, 'u-parent', 'Pat Parent');
      const run = operator(f, 'l1');
      const ingest = (s: number) => ({ livestreamId: 'l1', by: 'ingest', at: at(s) });
      await run({
        type: 'ScheduleLivestream',
        data: {
          livestreamId: 'l1',
          by: 'coach',
          at: at(0),
          canManage: true,
          teamId: 't1',
          orgId: null,
          title: 'Final',
          description: 'Home',
          streamType: 'match',
          scheduledStartTime: at(3600),
          isPublic: false,
          allowChat: true,
          recordStream: true,
          keyHint: 'abcd',
        },
      });
      await run({ type: 'PublishStarted', data: { ...ingest(10), sessionId: 's1' } });
      await run({ type: 'PublishDropped', data: { ...ingest(20), sessionId: 's1' } });
      await project(f);
      expect(await findLivestreamRow(f.database.db, 'l1')).toMatchObject({
        status: 'live',
        ingest: 'interrupted',
        actualStartTime: at(10),
        scheduledStartTime: at(3600),
        keyHint: 'abcd',
      });
      await run({ type: 'PublishStarted', data: { ...ingest(25), sessionId: 's2' } });
      await run({
        type: 'SendChatMessage',
        data: { livestreamId: 'l1', by: 'u-parent', at: at(30), canRead: true, messageId: 'm1', message: 'Go!' },
      });
      await run({ type: 'PublishEnded', data: { ...ingest(60), sessionId: 's2', maxViewers: 7 } });
      await run({ type: 'SaveRecording', data: { ...ingest(90), mediaId: 'media-1', durationSeconds: 50 } });
      await project(f);
      const [row] = await listTeamLivestreams(f.database.db, 't1');
      expect(row).toMatchObject({
        id: 'l1',
        status: 'ended',
        ingest: null,
        endedAt: at(60),
        endReason: 'publisher_stopped',
        maxViewers: 7,
        recordingMediaId: 'media-1',
        actualStartTime: at(10),
      });
      expect(await listLivestreamChat(f.database.db, 'l1')).toEqual([
        {
          id: 'm1',
          livestreamId: 'l1',
          teamId: 't1',
          userId: 'u-parent',
          userName: 'Pat Parent',
          message: 'Go!',
          sentAt: at(30),
        },
      ]);
      // Notices are published after the commit: wait for the last one.
      for (
        let i = 0;
        i < 200 &&
        !f.published.some(
          (p) =>
            (p.data as { type: string }).type === 'livestream_updated' && (p.data as any).payload.status === 'ended',
        );
        i++
      ) {
        await new Promise((r) => setTimeout(r, 10));
      }
      const frames = f.published.map((p) => ({ subject: p.subject, ...(p.data as { type: string; payload: any }) }));
      expect(frames.every((p) => p.subject === 'sideline.team.t1.livestream')).toBe(true);
      expect(frames.find((p) => p.type === 'livestream_chat')?.payload.message.userName).toBe('Pat Parent');
      expect(frames.filter((p) => p.type === 'livestream_updated').map((p) => p.payload.status)).toContain('ended');

      const tables = [...livestreamsProjector.tables];
      const dump = async () =>
        Object.fromEntries(
          await Promise.all(
            tables.map(async (t) => {
              const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(t)}`.execute(f.database.db);
              return [t, rows.map((r) => JSON.stringify(r)).sort()];
            }),
          ),
        );
      const before = await dump();
      await rebuildProjections({ ...f, logger, projectors, until: f.last! });
      expect(await dump()).toEqual(before);
    });
  });
}
