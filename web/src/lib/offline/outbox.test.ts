import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, sampleUser, type RecordedCall } from '../../test/utils.tsx';
import { isApiError } from '../api-client.ts';
import { createQueryClient } from '../query-client.ts';
import { apiKey, apiPaths } from '../query-keys.ts';
import { clearOutbox, discardOutboxEntry, flushOutbox, sendOrQueue, startOutbox } from './outbox.ts';
import { outboxSnapshot } from './outbox-store.ts';
import type { OutboxWrite } from './outbox-types.ts';

// jsdom has no IndexedDB: the outbox keeps its entries in memory here, with the same order and rules.

const write = (n: number, overrides: Partial<OutboxWrite> = {}): OutboxWrite => ({
  kind: 'chat.message',
  scope: 't1',
  label: `Message ${n}`,
  method: 'POST',
  path: '/api/teams/t1/messages',
  body: { text: `message ${n}`, clientId: `client-${n}-abcdefgh` },
  idempotencyKey: `client-${n}-abcdefgh`,
  refresh: ['/api/teams/t1/messages'],
  ...overrides,
});

async function signedInOutbox() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(apiKey(apiPaths.user), sampleUser);
  await startOutbox(queryClient);
  return queryClient;
}

describe('the outbox', () => {
  beforeEach(() => onlineManager.setOnline(true));
  afterEach(async () => {
    onlineManager.setOnline(true);
    await clearOutbox();
  });

  it('sends at once when online with nothing waiting, and throws a refusal as the screen expects', async () => {
    mockFetch({
      'POST /api/teams/t1/messages': { status: 201, body: { id: 'm1' } },
      'POST /api/events/e1/rsvp': { status: 404, body: { message: 'Event not found', code: 'EVENT_NOT_FOUND' } },
    });
    await signedInOutbox();
    await expect(sendOrQueue(write(1))).resolves.toEqual({ status: 'sent', data: { id: 'm1' } });
    const refused = await sendOrQueue(write(2, { path: '/api/events/e1/rsvp' })).catch((error: unknown) => error);
    expect(isApiError(refused) && refused.serverMessage).toBe('Event not found');
    expect(outboxSnapshot()).toEqual([]);
  });

  it('keeps writes made offline in order, then sends each once with its key when the connection returns', async () => {
    const sent: RecordedCall[] = [];
    const server = mockFetch({
      'POST /api/teams/t1/messages': (call) => {
        sent.push(call);
        return { status: 201, body: { id: `m${sent.length}` } };
      },
    });
    const queryClient = await signedInOutbox();
    queryClient.setQueryData(apiKey('/api/teams/t1/messages'), []);
    onlineManager.setOnline(false);
    for (const n of [1, 2, 3]) expect((await sendOrQueue(write(n))).status).toBe('queued');
    expect(outboxSnapshot().map((e) => [e.label, e.state, e.userId])).toEqual([
      ['Message 1', 'waiting', sampleUser.id],
      ['Message 2', 'waiting', sampleUser.id],
      ['Message 3', 'waiting', sampleUser.id],
    ]);
    expect(server.calls).toHaveLength(0);

    onlineManager.setOnline(true);
    await flushOutbox();
    await flushOutbox();
    expect(sent.map((call) => (call.body as { text: string }).text)).toEqual(['message 1', 'message 2', 'message 3']);
    expect(sent.map((call) => new Headers(call.init?.headers).get('Idempotency-Key'))).toEqual([
      'client-1-abcdefgh',
      'client-2-abcdefgh',
      'client-3-abcdefgh',
    ]);
    expect(outboxSnapshot()).toEqual([]);
    // What it changed is read again.
    expect(queryClient.getQueryState(apiKey('/api/teams/t1/messages'))?.isInvalidated).toBe(true);
  });

  it('queues a new write behind waiting ones, to keep the order, even online', async () => {
    const texts: string[] = [];
    mockFetch({
      'POST /api/teams/t1/messages': (call) => {
        texts.push((call.body as { text: string }).text);
        return { status: 201, body: {} };
      },
    });
    await signedInOutbox();
    onlineManager.setOnline(false);
    await sendOrQueue(write(1));
    // Back online before the outbox had its turn: the next write goes behind the first.
    onlineManager.setOnline(true);
    expect((await sendOrQueue(write(2))).status).toBe('queued');
    await flushOutbox();
    await flushOutbox();
    expect(texts).toEqual(['message 1', 'message 2']);
    expect(outboxSnapshot()).toEqual([]);
  });

  it('keeps a write that got no answer waiting, and a refused one failed with the server message, never dropped', async () => {
    let networkUp = false;
    const posted: string[] = [];
    mockFetch({
      'POST /api/teams/t1/messages': (call) => {
        if (!networkUp) throw new TypeError('Failed to fetch');
        posted.push((call.body as { text: string }).text);
        return { status: 201, body: {} };
      },
      'POST /api/events/e1/rsvp': { status: 404, body: { message: 'Event not found', code: 'EVENT_NOT_FOUND' } },
    });
    await signedInOutbox();
    onlineManager.setOnline(false);
    await sendOrQueue(write(1, { kind: 'event.rsvp', label: 'RSVP to Friendly', path: '/api/events/e1/rsvp' }));
    await sendOrQueue(write(2));
    onlineManager.setOnline(true);
    await flushOutbox();
    // The refused RSVP failed with the server's words; the message had no answer and still waits.
    expect(outboxSnapshot().map((e) => [e.label, e.state, e.error?.message])).toEqual([
      ['RSVP to Friendly', 'failed', 'Event not found'],
      ['Message 2', 'waiting', undefined],
    ]);
    networkUp = true;
    await flushOutbox();
    await flushOutbox();
    expect(posted).toEqual(['message 2']);
    expect(outboxSnapshot().map((e) => [e.label, e.state])).toEqual([['RSVP to Friendly', 'failed']]);
    await discardOutboxEntry(outboxSnapshot()[0]!.id);
    expect(outboxSnapshot()).toEqual([]);
  });

  it('sends nothing of a user who is not signed in', async () => {
    const server = mockFetch({ 'POST /api/teams/t1/messages': { status: 201, body: {} } });
    const queryClient = await signedInOutbox();
    onlineManager.setOnline(false);
    await sendOrQueue(write(1));
    queryClient.setQueryData(apiKey(apiPaths.user), null);
    onlineManager.setOnline(true);
    await flushOutbox();
    expect(server.calls).toHaveLength(0);
    expect(outboxSnapshot()).toHaveLength(1);
    queryClient.setQueryData(apiKey(apiPaths.user), sampleUser);
    await flushOutbox();
    expect(server.calls).toHaveLength(1);
  });
});
