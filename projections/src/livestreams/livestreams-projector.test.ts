import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createLogger, type NewEvent } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import {
  fold,
  livestreamDecider,
  livestreamStream,
  orgDecider,
  orgStream,
  teamDecider,
  teamStream,
  userDecider,
  userStream,
  type Decider,
  type LivestreamCommand,
  type LivestreamEvent,
} from '@sideline/domain';
import { usersProjector } from '../identity/users-projector.ts';
import { rebuildProjections } from '../runner/rebuild.ts';
import { projectorFixtures, type ProjectorFixture } from '../testing/projector-fixture.ts';
import { livestreamsProjector } from './livestreams-projector.ts';
import {
  findLivestreamRow,
  listActiveLivestreams,
  listLivestreamChat,
  listTeamLivestreams,
} from './livestreams-queries.ts';
import { livestreamsMigrations } from './livestreams-read-model.ts';

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

/** A command through the real decider, on the stream's history, appended as the handler would. */
async function decideOn<C, E extends { type: string; data: unknown }, S>(
  f: ProjectorFixture,
  decider: Decider<C, E, S>,
  stream: string,
  command: C,
  occurredAt: string,
) {
  const history = (await f.eventStore.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as E);
  const events = decider.decide(command, fold(decider, history));
  const metadata = { actorId: null, correlationId: 'c', causationId: null, occurredAt };
  f.last = (
    await f.eventStore.appendToStream(
      stream,
      events.map((e): NewEvent => ({ type: e.type, data: e.data, metadata })),
      { expectedRevision: 'any' },
    )
  ).position;
}

const scheduleIn = (teamId: string, orgId: string | null, by: string, s: number): LivestreamCommand => ({
  type: 'ScheduleLivestream',
  data: {
    livestreamId: 'x',
    by,
    at: at(s),
    teamId,
    orgId,
    title: 'Stream',
    description: null,
    streamType: 'match',
    scheduledStartTime: null,
    isPublic: true,
    allowChat: true,
    recordStream: false,
    keyHint: 'abcd',
  },
});

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

    it("hides a deleted team's streams, revokes the keys of a person the organization deactivated, announces both, and rebuilds the same rows", async () => {
      const f = await fixture(kind);
      const streams = new Map<string, ReturnType<typeof operator>>();
      const stream = (id: string) => streams.get(id) ?? streams.set(id, operator(f, id)).get(id)!;
      const schedule = (id: string, teamId: string, orgId: string | null, by: string) => {
        const command = scheduleIn(teamId, orgId, by, 0);
        return stream(id)({ ...command, data: { ...command.data, livestreamId: id } } as LivestreamCommand);
      };
      await decideOn(
        f,
        orgDecider,
        orgStream('o1'),
        {
          type: 'CreateOrganization',
          data: {
            orgId: 'o1',
            name: 'Riverside',
            description: null,
            timezone: 'UTC',
            defaultSport: 'Soccer',
            creatorId: 'a1',
          },
        },
        at(0),
      );
      await decideOn(
        f,
        teamDecider,
        teamStream('t1'),
        {
          type: 'CreateOrgTeam',
          data: {
            teamId: 't1',
            orgId: 'o1',
            seasonId: 's1',
            name: 'Hawks',
            sport: 'Soccer',
            ageGroup: null,
            code: 'HAW234',
            creatorId: 'a1',
            coachId: null,
            byIsOrgAdmin: true,
          },
        },
        at(0),
      );
      // Team t1 (to be deleted): one live stream, one scheduled. Team t2 of the same club: the
      // coach's stream, the admin's, the coach's rotated by the admin, and an ended one. Team t3 of
      // another club: the coach's.
      await schedule('gone-live', 't1', 'o1', 'coach');
      await stream('gone-live')({
        type: 'PublishStarted',
        data: { livestreamId: 'gone-live', by: 'ingest', at: at(5), sessionId: 's' },
      });
      await schedule('gone-later', 't1', 'o1', 'coach');
      await schedule('coach-own', 't2', 'o1', 'coach');
      await stream('coach-own')({
        type: 'PublishStarted',
        data: { livestreamId: 'coach-own', by: 'ingest', at: at(5), sessionId: 's' },
      });
      await schedule('admin-own', 't2', 'o1', 'a1');
      await schedule('rotated', 't2', 'o1', 'coach');
      await stream('rotated')({
        type: 'RotateStreamKey',
        data: { livestreamId: 'rotated', by: 'a1', at: at(6), keyHint: 'wxyz' },
      });
      await schedule('coach-over', 't2', 'o1', 'coach');
      await stream('coach-over')({
        type: 'CancelLivestream',
        data: { livestreamId: 'coach-over', by: 'coach', at: at(6) },
      });
      await schedule('elsewhere', 't3', 'o2', 'coach');
      await project(f);
      const published = f.published.length;

      await decideOn(
        f,
        teamDecider,
        teamStream('t1'),
        { type: 'DeleteTeam', data: { teamId: 't1', by: 'a1', byIsOrgAdmin: true } },
        at(10),
      );
      await decideOn(
        f,
        orgDecider,
        orgStream('o1'),
        { type: 'DeactivateOrgMember', data: { orgId: 'o1', userId: 'coach', by: 'a1', isMember: true } },
        at(11),
      );
      await project(f);

      const flags = async (id: string) => {
        const row = await findLivestreamRow(f.database.db, id);
        return { teamDeleted: row!.teamDeleted, keyRevoked: row!.keyRevoked };
      };
      expect(await flags('gone-live')).toEqual({ teamDeleted: true, keyRevoked: false });
      expect(await flags('coach-own')).toEqual({ teamDeleted: false, keyRevoked: true });
      expect(await flags('admin-own')).toEqual({ teamDeleted: false, keyRevoked: false });
      expect(await flags('rotated')).toEqual({ teamDeleted: false, keyRevoked: false });
      expect(await flags('coach-over')).toEqual({ teamDeleted: false, keyRevoked: false });
      expect(await flags('elsewhere')).toEqual({ teamDeleted: false, keyRevoked: false });
      expect(await listTeamLivestreams(f.database.db, 't1')).toEqual([]);
      expect((await listActiveLivestreams(f.database.db, 'anyone')).map((r) => r.id)).toEqual(['coach-own']);

      // Every open stream that changed is announced to its team, as it now is.
      const updated = () =>
        f.published
          .slice(published)
          .map((p) => p.data as { type: string; payload: any })
          .filter((m) => m.type === 'livestream_updated')
          .map(({ payload }) => `${payload.livestreamId} ${payload.status}`)
          .sort();
      for (let i = 0; i < 200 && updated().length < 3; i++) await new Promise((r) => setTimeout(r, 10));
      expect(updated()).toEqual(['coach-own live', 'gone-later scheduled', 'gone-live live']);

      // A new leader announces them again from the rows (after a takeover).
      const all = await f.eventStore.readAll({ limit: 1000 });
      const accessEnded = all.filter((e) => e.type === 'TeamDeleted' || e.type === 'OrgMemberDeactivated');
      const again = await livestreamsProjector.reannounce!(f.database.db, accessEnded);
      expect(
        again
          .map((m) => (m.data as { payload: any }).payload)
          .map((p) => `${p.livestreamId} ${p.status}`)
          .sort(),
      ).toEqual(['coach-own live', 'gone-later scheduled', 'gone-live live']);

      // A rotation gives the stream a working key again, issued to whoever rotated it.
      await stream('coach-own')({
        type: 'RotateStreamKey',
        data: { livestreamId: 'coach-own', by: 'a1', at: at(20), keyHint: 'new1' },
      });
      await project(f);
      expect(await flags('coach-own')).toEqual({ teamDeleted: false, keyRevoked: false });

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

    it('brings rows projected before up to date: deleted teams and keys of people deactivated so far', async () => {
      const f = await fixture(kind);
      const db = f.database.db;
      await sql`ALTER TABLE livestreams DROP COLUMN team_deleted_at, DROP COLUMN key_issued_to, DROP COLUMN key_revoked`.execute(
        db,
      );
      const row = (id: string, teamId: string, orgId: string, createdBy: string, status: string) => sql`
        INSERT INTO livestreams (id, team_id, org_id, title, stream_type, status, is_public, allow_chat, record_stream,
          key_hint, created_by)
        VALUES (${id}, ${teamId}, ${orgId}, 'Stream', 'match', ${status}, false, true, false, 'abcd', ${createdBy})`;
      await row('deleted', 't-gone', 'o1', 'a1', 'live').execute(db);
      await row('coach-open', 't-kept', 'o1', 'coach', 'scheduled').execute(db);
      await row('coach-ended', 't-kept', 'o1', 'coach', 'ended').execute(db);
      await row('coach-other-club', 't-other', 'o2', 'coach', 'scheduled').execute(db);
      await row('admin-open', 't-kept', 'o1', 'a1', 'scheduled').execute(db);
      await sql`INSERT INTO teams (id, name, sport, is_indie, org_id, creator_id, code, member_count, created_at, deleted_at)
        VALUES ('t-gone', 'Gone', 'Soccer', false, 'o1', 'a1', 'GON234', 0, now(), now())`.execute(db);
      await sql`INSERT INTO deactivated_org_members (org_id, user_id) VALUES ('o1', 'coach')`.execute(db);

      await livestreamsMigrations['1931_livestreams_access']!.up(db);
      const { rows } = await sql<{ id: string; deleted: boolean; key_revoked: boolean; key_issued_to: string }>`
        SELECT id, team_deleted_at IS NOT NULL AS deleted, key_revoked, key_issued_to FROM livestreams ORDER BY id`.execute(
        db,
      );
      expect(rows).toEqual([
        { id: 'admin-open', deleted: false, key_revoked: false, key_issued_to: 'a1' },
        { id: 'coach-ended', deleted: false, key_revoked: false, key_issued_to: 'coach' },
        { id: 'coach-open', deleted: false, key_revoked: true, key_issued_to: 'coach' },
        { id: 'coach-other-club', deleted: false, key_revoked: false, key_issued_to: 'coach' },
        { id: 'deleted', deleted: true, key_revoked: false, key_issued_to: 'a1' },
      ]);
    });
  });
}
