import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The PostgreSQL event store's tables and append function (same SQL on PGlite). Tables are
 * prefixed `es_` so they never collide with read models (`events` would be a calendar's).
 *
 * Positions are `(transaction_id, global_position)`: identity values are handed out before
 * commit, so transactions can commit out of position order; consumers only read rows whose
 * transaction is older than every running one (`pg_snapshot_xmin`) and order by the pair.
 */
const createEventStore: Migration = {
  async up(db: Kysely<any>) {
    await sql`
      CREATE TABLE es_streams (
        stream_id text PRIMARY KEY,
        revision bigint NOT NULL
      )`.execute(db);
    // The primary key is the readAll index; the unique key is the readStream index.
    await sql`
      CREATE TABLE es_events (
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        global_position bigint GENERATED ALWAYS AS IDENTITY,
        stream_id text NOT NULL,
        stream_position bigint NOT NULL,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        CONSTRAINT es_events_pkey PRIMARY KEY (transaction_id, global_position),
        CONSTRAINT es_events_stream_position_key UNIQUE (stream_id, stream_position)
      )`.execute(db);
    // One round trip per append: stream lock, revision check and bump, one multi-row insert.
    // p_expected: -2 = any, -1 = no stream, n = revision n. p_events: jsonb array of
    // {id, type, data, metadata}. Returns one text value (each result column costs PGlite
    // about as much as the insert itself):
    //   '=<last revision> <transaction id> <global position>'  appended
    //   '=<revision>'                                          empty batch, revision as expected
    //   '!<actual revision>'                                   wrong expected revision (-1: no stream)
    // A conflict is returned rather than raised, so a caller's surrounding transaction stays usable.
    await sql`
      CREATE FUNCTION es_append(
        p_stream text,
        p_expected bigint,
        p_events jsonb,
        p_timeout_ms integer,
        p_notify boolean
      ) RETURNS text LANGUAGE plpgsql AS $$
      DECLARE
        v_count integer := jsonb_array_length(p_events);
        v_last bigint;
        v_actual bigint;
      BEGIN
        -- A transaction id taken before the stream lock could be older than that of an append
        -- to the same stream committed while we waited, putting this stream's events out of
        -- order in the global log.
        IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
          RAISE EXCEPTION 'es_append must come before any other write of its transaction'
            USING ERRCODE = 'active_sql_transaction';
        END IF;
        -- An open write transaction holds back every consumer, so bound how long it may wait
        -- and, when the caller keeps it open, how long it may run or idle. (0 on PGlite: it has
        -- no concurrent transactions, and its idle timeout would terminate the embedded server.)
        IF p_timeout_ms > 0 THEN
          PERFORM set_config('lock_timeout', p_timeout_ms || 'ms', true),
                  set_config('statement_timeout', p_timeout_ms || 'ms', true),
                  set_config('idle_in_transaction_session_timeout', p_timeout_ms || 'ms', true);
        END IF;
        PERFORM pg_advisory_xact_lock(hashtextextended('stream:' || p_stream, 0));

        IF v_count > 0 AND p_expected < 0 THEN
          -- ON CONFLICT … WHERE: 'any' bumps an existing stream, 'no_stream' leaves it alone.
          INSERT INTO es_streams AS s (stream_id, revision) VALUES (p_stream, v_count - 1)
          ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + v_count WHERE p_expected = -2
          RETURNING s.revision INTO v_last;
        ELSIF v_count > 0 THEN
          UPDATE es_streams AS s SET revision = s.revision + v_count
          WHERE s.stream_id = p_stream AND s.revision = p_expected
          RETURNING s.revision INTO v_last;
        END IF;

        IF v_last IS NULL THEN
          SELECT s.revision INTO v_actual FROM es_streams s WHERE s.stream_id = p_stream;
          v_actual := coalesce(v_actual, -1);
          IF v_count = 0 AND (p_expected = -2 OR p_expected = v_actual) THEN
            RETURN '=' || v_actual;
          END IF;
          RETURN '!' || v_actual;
        END IF;

        -- jsonb_array_elements yields the batch in order, so identity values follow revisions.
        INSERT INTO es_events (stream_id, stream_position, event_id, event_type, data, metadata)
        SELECT p_stream, v_last - v_count + e.n, (e.v->>'id')::uuid, e.v->>'type', e.v->'data', e.v->'metadata'
        FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(v, n);

        IF p_notify THEN
          PERFORM pg_notify('es_events', '');
        END IF;
        -- lastval(): the identity sequence was last advanced for this insert's final row.
        RETURN '=' || v_last || ' ' || pg_current_xact_id() || ' ' || lastval();
      END
      $$`.execute(db);
  },
  async down(db: Kysely<any>) {
    await sql`DROP FUNCTION es_append(text, bigint, jsonb, integer, boolean)`.execute(db);
    await sql`DROP TABLE es_events`.execute(db);
    await sql`DROP TABLE es_streams`.execute(db);
  },
};

export const eventStoreMigrations: Record<string, Migration> = {
  '0001_event_store': createEventStore,
};
