import { sql, type Kysely } from 'kysely';
import type { AdminActivity } from '@sideline/domain';
import type { ReadModels } from '../../read-models.ts';

// The organization's audit (org_activity): pages, exports and the dashboard's recent lines.

export interface ActivityFilter {
  userId?: string | undefined;
  teamId?: string | undefined;
  types?: readonly string[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

interface ActivityRow {
  pos_commit: string | number | bigint;
  pos_prepare: string | number | bigint;
  id: string;
  position: string;
  type: string;
  actor_id: string | null;
  actor_name: string | null;
  subject_id: string | null;
  subject_name: string | null;
  team_id: string | null;
  team_name: string | null;
  description: string;
  occurred_at: Date;
}

/** A line's place in the event log: the audit's cursor (`commit/prepare`, as each line's `position`). */
interface LogPosition {
  commit: string;
  prepare: string;
}
const positionOf = (r: ActivityRow): LogPosition => ({ commit: String(r.pos_commit), prepare: String(r.pos_prepare) });
const formatCursor = (p: LogPosition) => `${p.commit}/${p.prepare}`;

/** The cursor the API was given (validated by adminActivityQuerySchema). */
function parseCursor(cursor: string): LogPosition {
  const [commit, prepare] = cursor.split('/');
  return { commit: commit!, prepare: prepare! };
}

function conditions(orgId: string, f: ActivityFilter, after: LogPosition | null) {
  // Below the cursor's line in (occurred_at, log position) order; a cursor of another org matches nothing.
  return sql.join(
    [
      sql`a.org_id = ${orgId}`,
      f.teamId ? sql`a.team_id = ${f.teamId}` : null,
      f.types && f.types.length > 0 ? sql`a.type IN (${sql.join([...f.types])})` : null,
      f.from ? sql`a.occurred_at >= ${f.from}` : null,
      f.to ? sql`a.occurred_at < ${f.to}` : null,
      after !== null
        ? sql`(a.occurred_at, a.pos_commit, a.pos_prepare) < (SELECT c.occurred_at, c.pos_commit, c.pos_prepare
              FROM org_activity c WHERE c.pos_commit = ${after.commit}::bigint
                AND c.pos_prepare = ${after.prepare}::bigint AND c.org_id = ${orgId})`
        : null,
    ].filter((c) => c !== null),
    sql` AND `,
  );
}

/** Newest first: by time, then by log position (the events of one append share their time). */
const NEWEST_FIRST = sql.raw('occurred_at DESC, pos_commit DESC, pos_prepare DESC');
const NEWEST_FIRST_A = sql.raw('a.occurred_at DESC, a.pos_commit DESC, a.pos_prepare DESC');

/**
 * The selected rows' keys, newest first (occurred_at, then log order): one index range scan per
 * branch; a person is the actor or the subject, read as two ordered scans merged.
 */
function selection(orgId: string, f: ActivityFilter, after: LogPosition | null, limit: number | null) {
  const lim = limit === null ? sql`` : sql`LIMIT ${limit}`;
  if (!f.userId) {
    return sql`SELECT ${sql.raw(COLUMNS)} FROM org_activity a WHERE ${conditions(orgId, f, after)}
      ORDER BY ${NEWEST_FIRST_A} ${lim}`;
  }
  return sql`SELECT * FROM (
      (SELECT ${sql.raw(COLUMNS)} FROM org_activity a
       WHERE ${conditions(orgId, f, after)} AND a.actor_id = ${f.userId}
       ORDER BY ${NEWEST_FIRST_A} ${lim})
      UNION
      (SELECT ${sql.raw(COLUMNS)} FROM org_activity a
       WHERE ${conditions(orgId, f, after)} AND a.subject_id = ${f.userId}
       ORDER BY ${NEWEST_FIRST_A} ${lim})) people
    ORDER BY ${NEWEST_FIRST} ${lim}`;
}

/** The selected rows read straight from the index scans (no second visit of the table). */
const COLUMNS =
  'a.occurred_at, a.pos_commit, a.pos_prepare, a.id, a.position, a.type, a.actor_id, a.subject_id, a.team_id, a.description';

const rowsQuery = (selected: ReturnType<typeof selection>) => sql<ActivityRow>`
  SELECT a.pos_commit, a.pos_prepare, a.id, a.position, a.type, a.actor_id, actor.name AS actor_name, a.subject_id,
    subject.name AS subject_name, a.team_id, team.name AS team_name, a.description, a.occurred_at
  FROM (${selected}) a
    LEFT JOIN users actor ON actor.id = a.actor_id
    LEFT JOIN users subject ON subject.id = a.subject_id
    LEFT JOIN org_activity_names team ON team.key = 'team:' || a.team_id
  ORDER BY ${NEWEST_FIRST_A}`;

export function toAdminActivity(r: ActivityRow): AdminActivity {
  return {
    id: r.id,
    position: r.position,
    type: r.type,
    actorId: r.actor_id,
    actorName: r.actor_name,
    subjectId: r.subject_id,
    subjectName: r.subject_name,
    teamId: r.team_id,
    teamName: r.team_name,
    description: r.description
      .replaceAll('{actor}', r.actor_name ?? 'Someone')
      .replaceAll('{subject}', r.subject_name ?? 'someone'),
    timestamp: new Date(r.occurred_at).toISOString(),
  };
}

/**
 * One page, newest first; `cursor` is the previous page's nextCursor: the log position of its
 * last line (`commit/prepare`), which stays that line's across rebuilds of the read model.
 */
export async function listActivityPage(
  database: Kysely<ReadModels>,
  orgId: string,
  filter: ActivityFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ items: AdminActivity[]; nextCursor: string | null }> {
  const after = page.cursor ? parseCursor(page.cursor) : null;
  const { rows } = await rowsQuery(selection(orgId, filter, after, page.limit + 1)).execute(database);
  const more = rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit) : rows;
  const last = shown.at(-1);
  return {
    items: shown.map(toAdminActivity),
    nextCursor: more && last ? formatCursor(positionOf(last)) : null,
  };
}

/**
 * The whole selection for an export, newest first, in chunks (keyset pages), so a million rows
 * are never held at once.
 */
export async function* streamActivity(
  database: Kysely<ReadModels>,
  orgId: string,
  filter: ActivityFilter,
  chunk = 5000,
): AsyncGenerator<AdminActivity[]> {
  let after: LogPosition | null = null;
  for (;;) {
    const { rows }: { rows: ActivityRow[] } = await rowsQuery(selection(orgId, filter, after, chunk)).execute(database);
    if (rows.length === 0) return;
    yield rows.map(toAdminActivity);
    if (rows.length < chunk) return;
    after = positionOf(rows.at(-1)!);
  }
}

/** Recent activity for the dashboard. */
export async function recentAdminActivity(database: Kysely<ReadModels>, orgId: string, limit: number) {
  const { items } = await listActivityPage(database, orgId, {}, { limit });
  return items.map((a) => ({ id: a.id, description: a.description, timestamp: a.timestamp }));
}
