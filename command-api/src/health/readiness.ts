import { parsePosition, pendingMigrations, type Database, type EventStore, type Migration } from '@sideline/infra';
import type { ProjectionProgress } from '@sideline/projections';

/** How far one projection is behind the log. */
export interface ProjectionDelay {
  projector: string;
  seconds: number;
}

export interface NotReadyReason {
  code: 'shutting_down' | 'migrations_pending' | 'database_unreachable' | 'projections_behind';
  message: string;
  /** `migrations_pending`: the migrations not applied yet. */
  migrations?: string[];
  /** `projections_behind`: the projections past the threshold, and by how many seconds. */
  projections?: ProjectionDelay[];
}

export interface ReadinessOptions {
  database: Database;
  migrations: Record<string, Migration>;
  maxLagSeconds: number;
  /** Each projection's delay, as this process knows it. */
  projectionDelays: () => Promise<ProjectionDelay[]>;
}

/**
 * Whether this process should get traffic (GET /api/health/ready): its database is migrated,
 * the read models it answers from are at most `maxLagSeconds` behind the event log, and it is
 * not shutting down. A load balancer takes it out while any of these fails; it stays live.
 */
export class Readiness {
  private migrated = false;
  private closing = false;

  constructor(private readonly options: ReadinessOptions) {}

  /** From now on the process is not ready: it is shutting down. */
  shutDown(): void {
    this.closing = true;
  }

  async check(): Promise<NotReadyReason[]> {
    const reasons: NotReadyReason[] = [];
    if (this.closing) reasons.push({ code: 'shutting_down', message: 'The process is shutting down' });
    const [migrations, delays] = await Promise.all([this.migrationsReason(), this.projectionsReason()]);
    if (migrations) reasons.push(migrations);
    if (delays) reasons.push(delays);
    return reasons;
  }

  private async migrationsReason(): Promise<NotReadyReason | null> {
    // Applied migrations stay applied: once the set is complete it is not asked again.
    if (this.migrated) return null;
    let pending: string[];
    try {
      pending = await pendingMigrations(this.options.database, this.options.migrations);
    } catch (error) {
      return { code: 'database_unreachable', message: `The database does not answer: ${(error as Error).message}` };
    }
    if (pending.length === 0) {
      this.migrated = true;
      return null;
    }
    return {
      code: 'migrations_pending',
      message: `${pending.length} database migration(s) not applied`,
      migrations: pending,
    };
  }

  private async projectionsReason(): Promise<NotReadyReason | null> {
    const { maxLagSeconds } = this.options;
    let behind: ProjectionDelay[];
    try {
      behind = (await this.options.projectionDelays()).filter((d) => d.seconds > maxLagSeconds);
    } catch (error) {
      return { code: 'database_unreachable', message: `The event log does not answer: ${(error as Error).message}` };
    }
    if (behind.length === 0) return null;
    return {
      code: 'projections_behind',
      message: `${behind.length} projection(s) more than ${maxLagSeconds} s behind the event log`,
      projections: behind.map((d) => ({ projector: d.projector, seconds: Math.round(d.seconds * 1000) / 1000 })),
    };
  }
}

/**
 * The delays of a process that does not apply the projections itself (split mode's `api` and
 * `realtime`, or a standby): for each position the leader announced, the age of the first event
 * after it (its `occurredAt`), 0 when there is none. One read per distinct position, and the
 * projectors are usually all at the same one.
 */
export async function delaysFromLog(progress: ProjectionProgress, eventStore: EventStore): Promise<ProjectionDelay[]> {
  const byPosition = new Map<string, string[]>();
  for (const [projector, position] of Object.entries(progress.snapshot())) {
    byPosition.set(position, [...(byPosition.get(position) ?? []), projector]);
  }
  const now = Date.now();
  const delays = await Promise.all(
    [...byPosition].map(async ([position, projectors]) => {
      const [next] = await eventStore.readAll({ fromPosition: parsePosition(position), limit: 1 });
      const seconds = next ? Math.max(0, now - Date.parse(next.metadata.occurredAt)) / 1000 : 0;
      return projectors.map((projector) => ({ projector, seconds }));
    }),
  );
  return delays.flat();
}
