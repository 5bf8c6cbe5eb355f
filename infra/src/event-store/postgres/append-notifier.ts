import { sql, type Kysely } from 'kysely';

export const EVENTS_CHANNEL = 'es_events';

/**
 * NOTIFY after an append has committed, coalesced: at most one NOTIFY in flight, plus one more
 * if appends committed meanwhile. A NOTIFY inside the append would take PostgreSQL's global
 * notify lock at commit and hold it across the WAL flush, serialising all concurrent appenders.
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
      do {
        this.again = false;
        try {
          await sql`SELECT pg_notify(${EVENTS_CHANNEL}, '')`.execute(this.db);
        } catch {
          // Subscribers poll as a fallback; a failed wake-up only delays them.
        }
      } while (this.again && !this.closed);
    } finally {
      this.inFlight = undefined;
    }
  }
}
