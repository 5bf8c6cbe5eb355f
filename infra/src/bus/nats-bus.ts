import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Bus } from './port.ts';
import { consoleBusLogger, type BusLogger } from './logger.ts';
import { deliverSafely } from './deliver.ts';
import { assertPublishSubject, assertSubscribeSubject } from './subject.ts';

/**
 * Published by every NATS connection right after it got back from an outage: messages it
 * published meanwhile may be lost, so subscribers that must not miss anything re-read.
 */
export const busReconnectedSubject = 'sideline.bus.reconnected';

export interface NatsBusOptions {
  /** One URL or a comma-separated list, e.g. `nats://127.0.0.1:4222`. */
  servers: string;
  /** Connection name shown by the NATS server (`nats server report connections`). */
  name?: string;
  log?: BusLogger;
  /**
   * Keep retrying the first connection instead of failing. Off by default so that a wrong
   * NATS_URL fails the start loudly; once connected, the client reconnects forever regardless.
   */
  waitOnFirstConnect?: boolean;
}

const encoder = new TextEncoder();

export function splitServers(servers: string): string[] {
  return servers
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** NATS core pub/sub (at-most-once, no JetStream): the notifications are "this changed" hints. */
export async function createNatsBus(options: NatsBusOptions): Promise<Bus> {
  const log = options.log ?? consoleBusLogger;
  const nc: NatsConnection = await connect({
    servers: splitServers(options.servers),
    ...(options.name ? { name: options.name } : {}),
    // Reconnect forever: a NATS restart must not leave a gateway or projector deaf until the
    // process is restarted. Publishes made while disconnected are buffered by the client.
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
    waitOnFirstConnect: options.waitOnFirstConnect ?? false,
  });

  let connected = true;
  let closing: Promise<void> | undefined;
  const reconnectListeners = new Set<() => void>();

  // The client re-sends every SUB before it reports 'reconnect'; a PING round trip after that
  // proves the server has them, so a listener that re-reads now cannot fall in a gap where a
  // message was published to nobody.
  async function announceReconnect(): Promise<void> {
    try {
      await nc.flush();
    } catch {
      return; // Lost again before the round trip: the next 'reconnect' announces it.
    }
    for (const listener of [...reconnectListeners]) {
      try {
        listener();
      } catch (err) {
        log.error({ err }, 'NATS reconnect listener threw');
      }
    }
    // What this connection published while it was down is gone too, and its subscribers never
    // reconnected, so they cannot know: tell them (the realtime gateways resync their sockets).
    try {
      nc.publish(busReconnectedSubject, encoder.encode(JSON.stringify({ name: options.name ?? null })));
    } catch (err) {
      log.warn({ err }, 'could not announce the NATS reconnect');
    }
  }

  void (async () => {
    for await (const status of nc.status()) {
      switch (status.type) {
        case 'disconnect':
          connected = false;
          log.warn({ server: status.server }, 'NATS disconnected; reconnecting');
          break;
        case 'reconnect':
          connected = true;
          log.warn({ server: status.server }, 'NATS reconnected');
          void announceReconnect();
          break;
        case 'close':
          connected = false;
          break;
        case 'error':
          log.error({ err: status.error }, 'NATS error');
          break;
        default:
          break;
      }
    }
  })().catch((err: unknown) => log.error({ err }, 'NATS status watcher failed'));

  void nc.closed().then((err) => {
    connected = false;
    if (err) log.error({ err }, 'NATS connection closed with an error');
  });

  return {
    kind: 'nats',

    async publish(subject, data) {
      assertPublishSubject(subject);
      const json = JSON.stringify(data) ?? 'null';
      nc.publish(subject, encoder.encode(json));
    },

    subscribe(subject, handler) {
      assertSubscribeSubject(subject);
      const sub = nc.subscribe(subject, {
        callback: (err, msg) => {
          if (err) {
            log.error({ err, subject }, 'NATS subscription error');
            return;
          }
          let data: unknown;
          try {
            data = msg.json<unknown>();
          } catch (parseErr) {
            // Another publisher (or an operator with the nats CLI) sent non-JSON: drop it.
            log.warn({ err: parseErr, subject: msg.subject }, 'dropping non-JSON bus message');
            return;
          }
          deliverSafely(handler, { subject: msg.subject, data }, log);
        },
      });
      return () => {
        try {
          if (!sub.isClosed()) sub.unsubscribe();
        } catch {
          // Already closed with its connection: nothing left to undo.
        }
      };
    },

    flush: () => nc.flush(),

    isHealthy: () => connected && !nc.isClosed() && !nc.isDraining() && !closing,

    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => {
        reconnectListeners.delete(listener);
      };
    },

    close() {
      // drain: delivers what already arrived, flushes what we published, then closes.
      // A drain that meets a disconnect (its closing PING is rejected) must still close: the
      // caller is shutting down and has nothing to retry.
      closing ??= nc.isClosed()
        ? Promise.resolve()
        : nc.drain().catch(async (err: unknown) => {
            log.warn({ err }, 'NATS drain failed; closing without it');
            if (!nc.isClosed()) await nc.close();
          });
      return closing;
    },
  };
}
