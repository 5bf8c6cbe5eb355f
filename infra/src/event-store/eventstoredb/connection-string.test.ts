import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventStoreDbEventStore, kurrentConnectionString } from './eventstoredb-event-store.ts';

describe('EventStoreDB connection strings', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads esdb:// and esdb+discover:// as the kurrentdb schemes and leaves the rest alone', () => {
    expect(kurrentConnectionString('esdb://127.0.0.1:2113?tls=false')).toBe('kurrentdb://127.0.0.1:2113?tls=false');
    expect(kurrentConnectionString('esdb+discover://a.example:2113')).toBe('kurrentdb+discover://a.example:2113');
    expect(kurrentConnectionString('kurrentdb://u:esdb://@h:2113')).toBe('kurrentdb://u:esdb://@h:2113');
  });

  // No server here: the client is made (its native bridge loaded) and disposed without connecting.
  it('makes a client from an esdb:// string without the deprecation warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    const store = createEventStoreDbEventStore({ connectionString: 'esdb://127.0.0.1:1?tls=false' });
    await store.close();
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/deprecated/);
  });
});
