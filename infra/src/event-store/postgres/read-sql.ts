import { sql, type Kysely } from 'kysely';
import { START, type EventMetadata, type Position, type RecordedEvent } from '../port.ts';

type EventTuple = [
  commit: string,
  prepare: string,
  stream: string,
  revision: number,
  id: string,
  type: string,
  data: unknown,
  metadata: EventMetadata,
];

function toRecorded(row: { e: string }): RecordedEvent {
  const [commit, prepare, stream, revision, id, type, data, metadata] = JSON.parse(row.e) as EventTuple;
  return { id, stream, revision, position: { commit: BigInt(commit), prepare: BigInt(prepare) }, type, data, metadata };
}

// Each row as one JSON array: PGlite's protocol decoding costs per column, and this halves the
// cost of a catch-up read there (it is neutral on PostgreSQL). Positions travel as text: JSON
// numbers lose precision past 2^53.
const columns = sql.raw(
  `json_build_array(transaction_id::text, global_position::text, stream_id, stream_position, event_id,
     event_type, data, metadata)::text AS e`,
);

/**
 * The consumers' horizon: only transactions older than every running one. A later-numbered
 * transaction may commit first; reading it before the earlier one commits and then moving the
 * checkpoint past it would skip the earlier one's events forever.
 */
const visible = sql.raw(`transaction_id < (SELECT pg_snapshot_xmin(pg_current_snapshot()))`);

export async function readStreamSql(
  db: Kysely<any>,
  stream: string,
  fromRevision: number,
  maxCount?: number,
): Promise<RecordedEvent[]> {
  // A page is cut before its rows become JSON, and by a range of revisions (a stream's revisions
  // have no gaps, so the range is the page): whatever the table's statistics, the plan then reads
  // the page's stretch of the index, not every later event of the stream for each page.
  const page =
    maxCount === undefined
      ? sql`es_events`
      : sql`(SELECT * FROM es_events WHERE stream_id = ${stream}
               AND stream_position >= ${fromRevision} AND stream_position < ${fromRevision + maxCount}
             ORDER BY stream_position LIMIT ${maxCount}) AS es_events`;
  const { rows } = await sql<{ e: string }>`
    SELECT ${columns} FROM ${page}
    WHERE stream_id = ${stream} AND stream_position >= ${fromRevision}
    ORDER BY stream_position
  `.execute(db);
  return rows.map(toRecorded);
}

export async function readAllSql(db: Kysely<any>, after: Position, limit: number): Promise<RecordedEvent[]> {
  // xid8 has no negative values; START (-1/-1) becomes (0, -1), which precedes every real row.
  const commit = after.commit < 0n ? '0' : after.commit.toString();
  const { rows } = await sql<{ e: string }>`
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

/**
 * A batch of `$all` after `after` and whether committed events wait behind the horizon (an
 * older transaction is still open). When that transaction is not an append, its commit wakes
 * nobody, so a live reader that sees this re-reads soon instead of sleeping a whole poll
 * interval. One statement, as a live read is one per wake-up: the horizon probe rides along
 * (one probe of the primary key's first column) and the single-row side of the join keeps the
 * flag when no event is visible.
 */
export async function readAllAndHorizonSql(
  db: Kysely<any>,
  after: Position,
  limit: number,
): Promise<{ events: RecordedEvent[]; hiddenEventsPending: boolean }> {
  const commit = after.commit < 0n ? '0' : after.commit.toString();
  const { rows } = await sql<{ e: string | null; pending: boolean }>`
    SELECT batch.e, horizon.pending
    FROM (
      SELECT EXISTS (
        SELECT 1 FROM es_events WHERE transaction_id >= (SELECT pg_snapshot_xmin(pg_current_snapshot()))
      ) AS pending
    ) AS horizon
    LEFT JOIN LATERAL (
      SELECT ${columns}, transaction_id, global_position FROM es_events
      WHERE (transaction_id, global_position) > (${commit}::xid8, ${after.prepare.toString()}::bigint)
        AND ${visible}
      ORDER BY transaction_id, global_position
      LIMIT ${limit}
    ) AS batch ON true
    ORDER BY batch.transaction_id, batch.global_position
  `.execute(db);
  return {
    events: rows.filter((row): row is { e: string; pending: boolean } => row.e !== null).map(toRecorded),
    hiddenEventsPending: rows[0]?.pending === true,
  };
}
