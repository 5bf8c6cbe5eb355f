/**
 * A write the app will send, offline or not: a plain JSON description, so it can wait in
 * IndexedDB across a reload or the app being closed. See `outbox.ts` for how to use it.
 */
export interface OutboxWrite {
  /** What it is, for screens that show their own waiting writes: `chat.message`, `event.rsvp`, `match.stat`. */
  kind: string;
  /** What it belongs to, for the same screens: a team id, `eventId@occurrence`, a match id. */
  scope: string;
  /** For people, in the list of writes not sent: "Message to Riverside Hawks", "RSVP: Practice". */
  label: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The API path, e.g. `/api/events/{eventId}/rsvp`. */
  path: string;
  /** The JSON body, exactly as the API takes it (with the client id where the API wants it there). */
  body?: unknown;
  /**
   * Makes a replay harmless: sent as the `Idempotency-Key` header. Routes that take their key in
   * the body (a chat message's `clientId`) get the same value there, set by the caller.
   */
  idempotencyKey: string;
  /** API paths whose cached reads are refetched once it is sent (a prefix covers what lies below it). */
  refresh?: readonly string[];
  /** What a screen needs to show it while it waits (the RSVP chosen, the message's text). */
  data?: Record<string, unknown>;
}

export type OutboxState = 'waiting' | 'sending' | 'failed';

/** A write kept in the outbox. */
export interface OutboxEntry extends OutboxWrite {
  /** Orders the outbox: writes are sent oldest first. */
  id: string;
  /** Whose write it is: only that user's session sends it. */
  userId: string;
  createdAt: string;
  state: OutboxState;
  /** Why the server refused it (`failed`): its status and its own message. */
  error?: { status: number; message: string; code?: string };
}

/** What `sendOrQueue` did with a write. */
export type SendOutcome<T> = { status: 'sent'; data: T } | { status: 'queued'; entry: OutboxEntry };
