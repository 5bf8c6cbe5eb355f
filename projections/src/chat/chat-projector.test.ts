import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLogger, type NewEvent } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import type { ChatEvent, UserRegistered } from '@sideline/domain';
import { usersProjector } from '../identity/users-projector.ts';
import { rebuildProjections } from '../runner/rebuild.ts';
import { chatProjector } from './chat-projector.ts';
import { findMessageByClientId, listMessages, listPinnedMessages } from './chat-queries.ts';
import { projectorFixtures, type ProjectorFixture } from '../testing/projector-fixture.ts';

const logger = createLogger({ level: 'silent' });
const projectors = [usersProjector, chatProjector];

type Fixture = ProjectorFixture;
const { fixture, project } = projectorFixtures(projectors);

let clock = Date.now() - 60_000;
const meta = (occurredAt = new Date((clock += 1_000)).toISOString()) => ({
  actorId: null,
  correlationId: 'c',
  causationId: null,
  occurredAt,
});
const event = (e: ChatEvent | UserRegistered, occurredAt?: string): NewEvent => ({ ...e, metadata: meta(occurredAt) });
const registered = (userId: string, name: string) =>
  event({ type: 'UserRegistered', data: { userId, name, email: `${userId}@example.com`, role: 'parent' } });
const sent = (messageId: string, userId: string, text: string, clientId: string | null = null, occurredAt?: string) =>
  event({ type: 'MessageSent', data: { teamId: 't1', messageId, userId, text, mediaUrl: null, clientId } }, occurredAt);

async function append(f: Fixture, stream: string, ...events: NewEvent[]) {
  f.last = (await f.eventStore.appendToStream(stream, events, { expectedRevision: 'any' })).position;
}

for (const kind of await testDatabaseKinds()) {
  describe(`chat projector on ${kind}`, () => {
    it('keeps pages of messages with their senders, oldest→newest within a page', async () => {
      const f = await fixture(kind);
      await append(f, 'user-u1', registered('u1', 'Alice'));
      await append(f, 'user-u2', registered('u2', 'Bob'));
      const ids = Array.from({ length: 7 }, (_, i) => `m${i}-${randomUUID()}`);
      await append(
        f,
        'chat-t1',
        ...ids.map((id, i) => sent(id, i % 2 ? 'u2' : 'u1', `message ${i}`, null, new Date(clock).toISOString())),
      );
      await project(f);

      const latest = await listMessages(f.database.db, 't1', { limit: 3 });
      expect(latest.map((m) => m.text)).toEqual(['message 4', 'message 5', 'message 6']);
      expect(latest[1]).toMatchObject({ userId: 'u2', user: { name: 'Bob', avatarUrl: null }, pinned: false });
      // Same millisecond for all seven: log order breaks the tie, so the cursor never skips one.
      const older = await listMessages(f.database.db, 't1', { limit: 3, before: latest[0]!.id });
      expect(older.map((m) => m.text)).toEqual(['message 1', 'message 2', 'message 3']);
      const oldest = await listMessages(f.database.db, 't1', { limit: 3, before: older[0]!.id });
      expect(oldest.map((m) => m.text)).toEqual(['message 0']);
      expect(await listMessages(f.database.db, 't2')).toEqual([]);
      expect(await listMessages(f.database.db, 't1', { before: 'unknown' })).toEqual([]);
    });

    it('projects a duplicated send (same id, or same sender and clientId) once, and announces it once', async () => {
      const f = await fixture(kind);
      await append(f, 'user-u1', registered('u1', 'Alice'));
      await append(
        f,
        'chat-t1',
        sent('m1', 'u1', 'hi', 'client-0001'),
        sent('m1', 'u1', 'hi', 'client-0001'),
        sent('m2', 'u1', 'hi again', 'client-0001'),
      );
      await project(f);
      await append(f, 'chat-t1', sent('m3', 'u1', 'late duplicate', 'client-0001'));
      await project(f);

      const messages = await listMessages(f.database.db, 't1');
      expect(messages.map((m) => [m.id, m.text, m.clientId])).toEqual([['m1', 'hi', 'client-0001']]);
      expect(await findMessageByClientId(f.database.db, 't1', 'u1', 'client-0001')).toEqual(messages[0]);
      await f.bus.flush();
      const frames = f.published.filter((p) => p.subject === 'sideline.team.t1.message');
      expect(frames).toHaveLength(1);
      expect(frames[0]!.data).toEqual({
        type: 'new_message',
        payload: {
          message: {
            ...messages[0],
            content: 'hi',
            senderId: 'u1',
            senderName: 'Alice',
          },
        },
      });
    });

    it('applies pins and unpins in log order, lists pinned newest first, and announces the change', async () => {
      const f = await fixture(kind);
      await append(f, 'user-u1', registered('u1', 'Alice'));
      await append(f, 'chat-t1', sent('m1', 'u1', 'one'), sent('m2', 'u1', 'two'), sent('m3', 'u1', 'three'));
      const pinned = (messageId: string) =>
        event({ type: 'MessagePinned', data: { teamId: 't1', messageId, by: 'c1' } });
      const unpinned = (messageId: string) =>
        event({ type: 'MessageUnpinned', data: { teamId: 't1', messageId, by: 'c1' } });
      await append(f, 'chat-t1', pinned('m1'), pinned('m3'), pinned('m2'), unpinned('m3'));
      await project(f);

      const list = await listPinnedMessages(f.database.db, 't1');
      expect(list.map((m) => [m.id, m.pinned])).toEqual([
        ['m2', true],
        ['m1', true],
      ]);
      expect((await listMessages(f.database.db, 't1')).map((m) => m.pinned)).toEqual([true, true, false]);
      await waitFor(() => f.published.some((p) => p.subject === 'sideline.team.t1.pinned'));
      expect(f.published.filter((p) => p.subject === 'sideline.team.t1.pinned').map((p) => p.data)).toEqual([
        { type: 'pinned_changed', payload: { teamId: 't1' } },
      ]);
    });

    it('does not replay old messages to sockets on a catch-up, and a rebuild yields the same rows', async () => {
      const f = await fixture(kind);
      await append(f, 'user-u1', registered('u1', 'Alice'));
      const longAgo = new Date(Date.now() - 3_600_000).toISOString();
      await append(f, 'chat-t1', sent('old', 'u1', 'from an hour ago', null, longAgo), sent('new', 'u1', 'just now'));
      await append(f, 'chat-t1', event({ type: 'MessagePinned', data: { teamId: 't1', messageId: 'new', by: 'u1' } }));
      await project(f);
      await waitFor(() => f.published.length >= 2);
      expect(f.published.map((p) => (p.data as { payload: { message?: { id: string } } }).payload.message?.id)).toEqual(
        ['new', undefined],
      );

      const before = await listMessages(f.database.db, 't1');
      await rebuildProjections({ ...f, logger, projectors: [chatProjector] });
      expect(await listMessages(f.database.db, 't1')).toEqual(before);
      expect(await listPinnedMessages(f.database.db, 't1')).toEqual(before.filter((m) => m.pinned));
    });
  });
}

async function waitFor(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
