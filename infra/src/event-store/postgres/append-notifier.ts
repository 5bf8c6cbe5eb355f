import { sql, type Kysely } from 'kysely';

export const EVENTS_CHANNEL = 'es_events';

/** Spacing between NOTIFYs: bounds their cost under load, and the extra latency they add. */
const MIN_SPACING_MS = 10;

/**
 * NOTIFY after appends have committed, coalesced: one NOTIFY at a time, at most one per
 * MIN_SPACING_MS, and always one after the last append. A NOTIFY inside each append would take
 * PostgreSQL's global notify lock at commit and hold it across the WAL flush, serialising all
 * concurrent appenders; one per append outside would double the statements the server runs.
 */
export class AppendNotifier {
  private inFlight: Promise<void> | undefined;
  private again = false;
  private closed = false;

  constructor(private readonly db: Kysely<any>) {}

  notify(): void {
    if (this.closed) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = this.run();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.inFlight;
  }

  private async run(): Promise<void> {
    try {
      for (;;) {
        this.again = false;
        try {
          await sql`SELECT pg_notify(${EVENTS_CHANNEL}, '')`.execute(this.db);
        } catch {
          // Subscribers poll as a fallback; a failed wake-up only delays them.
        }
        if (this.closed) return;
        await new Promise((resolve) => setTimeout(resolve, MIN_SPACING_MS));
        if (!this.again || this.closed) return;
      }
    } finally {
      this.inFlight = undefined;
    }
  }
}
