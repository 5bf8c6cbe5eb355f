import type { Bus, BusHandler } from './port.ts';
import { consoleBusLogger, type BusLogger } from './logger.ts';
import { deliverSafely } from './deliver.ts';
import { assertPublishSubject, assertSubscribeSubject, subjectMatches } from './subject.ts';

interface Subscription {
  pattern: string;
  handler: BusHandler;
  active: boolean;
}

export interface InProcessBusOptions {
  log?: BusLogger;
}

/**
 * The bus of the embedded run mode: same semantics as the NATS adapter (subject syntax, JSON
 * round-trip, asynchronous ordered delivery, drain on close), so code tested here behaves the
 * same over NATS.
 */
export function createInProcessBus(options: InProcessBusOptions = {}): Bus {
  const log = options.log ?? consoleBusLogger;
  const subscriptions = new Set<Subscription>();
  let pending = 0;
  let idleWaiters: Array<() => void> = [];
  let closed = false;
  let closing: Promise<void> | undefined;

  function settleOne(): void {
    pending--;
    if (pending === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  function whenIdle(): Promise<void> {
    if (pending === 0) return Promise.resolve();
    return new Promise((resolve) => idleWaiters.push(resolve));
  }

  return {
    kind: 'in-process',

    async publish(subject, data) {
      if (closed || closing) throw new Error('Bus is closed');
      assertPublishSubject(subject);
      // Serialise now, like the wire would: unserialisable data fails the publisher, and every
      // subscriber gets its own copy that cannot alias the publisher's object.
      const json = JSON.stringify(data) ?? 'null';
      // Recipients are fixed at publish time, as NATS routes on arrival; an unsubscribe before
      // delivery still wins (checked in the callback).
      const targets = [...subscriptions].filter((s) => subjectMatches(s.pattern, subject));
      if (targets.length === 0) return;
      pending++;
      // setImmediate, not a microtask: a publisher never re-enters a handler synchronously, a
      // handler that publishes cannot starve I/O, and FIFO order keeps per-publisher ordering.
      setImmediate(() => {
        try {
          for (const target of targets) {
            if (!target.active) continue;
            deliverSafely(target.handler, { subject, data: JSON.parse(json) as unknown }, log);
          }
        } finally {
          settleOne();
        }
      });
    },

    subscribe(subject, handler) {
      if (closed || closing) throw new Error('Bus is closed');
      assertSubscribeSubject(subject);
      const subscription: Subscription = { pattern: subject, handler, active: true };
      subscriptions.add(subscription);
      return () => {
        subscription.active = false;
        subscriptions.delete(subscription);
      };
    },

    // Stronger than "no-op": resolves once everything already published has been delivered,
    // which is what a test or a shutdown sequence actually wants to wait for.
    flush: whenIdle,

    isHealthy: () => !closed && !closing,

    // One process, no transport: there is never a reconnect to report.
    onReconnect: () => () => {},

    close() {
      // Drain like NATS: messages already published are delivered, nothing after.
      closing ??= whenIdle().then(() => {
        closed = true;
        for (const s of subscriptions) s.active = false;
        subscriptions.clear();
      });
      return closing;
    },
  };
}
