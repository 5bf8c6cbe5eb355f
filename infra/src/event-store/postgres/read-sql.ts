import { sql, type Kysely } from 'kysely';
import { START, type EventMetadata, type Position, type RecordedEvent } from '../port.ts';

interface EventRow {
  commit: bigint;
  prepare: bigint;
  stream_id: string;
  stream_position: bigint;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: EventMetadata;
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    stream: row.stream_id,
    revision: Number(row.stream_position),
    position: { commit: row.commit, prepare: row.prepare },
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
  };
}

const columns = sql.raw(
  `transaction_id::text::bigint AS commit, global_position AS prepare, stream_id, stream_position,
   event_id::text AS event_id, event_type, data, metadata`,
);

/**
 * The consumers' horizon: only transactions older than every running one. A later-numbered
 * transaction may commit first; reading it before the earlier one commits and then moving the
 * checkpoint past it would skip the earlier one's events forever.
 */
const visible = sql.raw(`transaction_id < (SELECT pg_snapshot_xmin(pg_current_snapshot()))`);

export async function readStreamSql(db: Kysely<any>, stream: string, fromRevision: number): Promise<RecordedEvent[]> {
  const { rows } = await sql<EventRow>`
    SELECT ${columns} FROM es_events
    WHERE stream_id = ${stream} AND stream_position >= ${fromRevision}
    ORDER BY stream_position
  `.execute(db);
  return rows.map(toRecorded);
}

export async function readAllSql(db: Kysely<any>, after: Position, limit: number): Promise<RecordedEvent[]> {
  // xid8 has no negative values; START (-1/-1) becomes (0, -1), which precedes every real row.
  const commit = after.commit < 0n ? '0' : after.commit.toString();
  const { rows } = await sql<EventRow>`
    SELECT ${columns} FROM es_events
    WHERE (transaction_id, global_position) > (${commit}::xid8, ${after.prepare.toString()}::bigint)
      AND ${visible}
    ORDER BY transaction_id, global_position
    LIMIT ${limit}
  `.execute(db);
  return rows.map(toRecorded);
}

export async function headPositionSql(db: Kysely<any>): Promise<Position> {
  const { rows } = await sql<{ commit: bigint; prepare: bigint }>`
    SELECT transaction_id::text::bigint AS commit, global_position AS prepare FROM es_events
    WHERE ${visible}
    ORDER BY transaction_id DESC, global_position DESC
    LIMIT 1
  `.execute(db);
  const row = rows[0];
  return row ? { commit: row.commit, prepare: row.prepare } : START;
}
