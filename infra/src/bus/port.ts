/**
 * The message bus port: fire-and-forget notifications between processes (NATS) or inside one
 * process (in-process adapter). Subjects follow NATS syntax: tokens separated by '.', '*' matches
 * one token, '>' matches one or more trailing tokens.
 *
 * Subjects used by Sideline: `sideline.team.{teamId}.{kind}`, `sideline.user.{userId}.{kind}`,
 * `sideline.projections` (projection positions).
 */
export interface BusMessage<T = unknown> {
  subject: string;
  data: T;
}

/** A handler's throw or rejection is logged and never ends the subscription. */
export type BusHandler = (message: BusMessage) => void | Promise<void>;

export interface Bus {
  readonly kind: 'nats' | 'in-process';
  /** Payload is JSON-serialised. Resolves once handed to the transport. */
  publish(subject: string, data: unknown): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe(subject: string, handler: BusHandler): () => void;
  /**
   * Resolves once all published messages are flushed to the server (NATS), or delivered to
   * their subscribers (in-process).
   */
  flush(): Promise<void>;
  /** Reports whether the transport is connected (health checks). */
  isHealthy(): boolean;
  /** Drains: messages already received are delivered, then nothing more. Idempotent. */
  close(): Promise<void>;
  /**
   * Calls `listener` each time the transport got its connection back after losing it, once its
   * subscriptions are active again on the server. Whatever was published in between may never
   * have arrived (NATS core is at-most-once), so a listener re-reads what it must not miss.
   * Peers learn of it from `busReconnectedSubject`, which the NATS adapter publishes then.
   * The in-process bus never disconnects. Returns a function that removes the listener.
   */
  onReconnect(listener: () => void): () => void;
}
