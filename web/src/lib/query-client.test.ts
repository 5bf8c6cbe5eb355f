import { MutationObserver, QueryObserver, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient, only } from './query-client.ts';

const keys: QueryKey[] = [
  ['api', 'teams'],
  ['api', 'teams', 't1'],
  ['api', 'teams', 't1', 'events'],
  ['api', 'teams', 't1', 'media', { type: 'photo' }],
  ['api', 'teams', 't2', 'events'],
  ['api', 'dashboard'],
];

function cached(): { queryClient: QueryClient; stale: () => QueryKey[] } {
  const queryClient = createQueryClient();
  for (const queryKey of keys) queryClient.setQueryData(queryKey, {});
  const stale = () => keys.filter((queryKey) => queryClient.getQueryState(queryKey)?.isInvalidated);
  return { queryClient, stale };
}

describe("the MutationCache's one invalidation (meta.invalidates)", () => {
  it('invalidates exactly the keys a mutation declares, each with every read below it', async () => {
    const { queryClient, stale } = cached();
    const mutation = new MutationObserver(queryClient, {
      mutationFn: () => Promise.resolve('ok'),
      meta: {
        invalidates: [
          ['api', 'teams', 't1'],
          ['api', 'dashboard'],
        ],
      },
    });
    await mutation.mutate();
    expect(stale()).toEqual([
      ['api', 'teams', 't1'],
      ['api', 'teams', 't1', 'events'],
      ['api', 'teams', 't1', 'media', { type: 'photo' }],
      ['api', 'dashboard'],
    ]);
  });

  it('invalidates nothing for a mutation without meta', async () => {
    const { queryClient, stale } = cached();
    await new MutationObserver(queryClient, { mutationFn: () => Promise.resolve('ok') }).mutate();
    expect(stale()).toEqual([]);
  });

  it('`only(key)` names that read alone, not what is below it', async () => {
    const { queryClient, stale } = cached();
    const mutation = new MutationObserver(queryClient, {
      mutationFn: () => Promise.resolve('ok'),
      meta: { invalidates: [only(['api', 'teams'])] },
    });
    await mutation.mutate();
    expect(stale()).toEqual([['api', 'teams']]);
  });

  it("a function reads the mutation's answer and variables", async () => {
    const { queryClient, stale } = cached();
    const mutation = new MutationObserver(queryClient, {
      mutationFn: (_teamId: string) => Promise.resolve({ page: 'dashboard' }),
      meta: {
        invalidates: (answer: { page: string }, teamId: string) => [
          ['api', answer.page],
          ['api', 'teams', teamId, 'events'],
        ],
      },
    });
    await mutation.mutate('t2');
    expect(stale()).toEqual([
      ['api', 'teams', 't2', 'events'],
      ['api', 'dashboard'],
    ]);
  });

  it('invalidates nothing after a failure, unless the mutation says the failure may have changed the state too', async () => {
    const failing = (invalidatesOnError: boolean) => {
      const { queryClient, stale } = cached();
      const mutation = new MutationObserver(queryClient, {
        mutationFn: () => Promise.reject(new Error('refused')),
        meta: { invalidates: [['api', 'dashboard']], invalidatesOnError },
      });
      return mutation.mutate().then(
        () => stale(),
        () => stale(),
      );
    };
    expect(await failing(false)).toEqual([]);
    expect(await failing(true)).toEqual([['api', 'dashboard']]);
  });

  it('keeps the mutation pending until the reads on screen are fetched again', async () => {
    const queryClient = createQueryClient();
    let answer: (value: string) => void = () => {};
    let fetches = 0;
    const shown = new QueryObserver(queryClient, {
      queryKey: ['api', 'teams', 't1', 'events'],
      queryFn: () => {
        fetches += 1;
        return fetches === 1 ? 'first' : new Promise<string>((resolve) => (answer = resolve));
      },
    });
    const unsubscribe = shown.subscribe(() => {});
    await expect.poll(() => shown.getCurrentResult().data).toBe('first');

    const mutation = new MutationObserver(queryClient, {
      mutationFn: () => Promise.resolve('ok'),
      meta: { invalidates: [['api', 'teams', 't1']] },
    });
    const done = mutation.mutate();
    await expect.poll(() => fetches).toBe(2);
    expect(mutation.getCurrentResult().isPending).toBe(true);
    answer('second');
    await done;
    expect(mutation.getCurrentResult().isSuccess).toBe(true);
    expect(shown.getCurrentResult().data).toBe('second');
    unsubscribe();
  });

  it('takes only keys and filters in meta.invalidates', () => {
    const queryClient = createQueryClient();
    // @ts-expect-error a path string is not a key: keys are made with apiKey(path).
    new MutationObserver(queryClient, { mutationFn: () => Promise.resolve(), meta: { invalidates: ['/api/teams'] } });
  });
});
