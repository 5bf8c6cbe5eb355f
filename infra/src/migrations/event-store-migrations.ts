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
    // One round trip per append. Arguments: p_expected -2 = any, -1 = no stream, n = revision n;
    // p_events = jsonb array of {id, type, data, metadata}. On a wrong expected revision it
    // returns the actual revision (-1: no stream) and a null last_revision instead of raising,
    // so a caller's surrounding transaction stays usable.
    await sql`
      CREATE FUNCTION es_append(
        p_stream text,
        p_expected bigint,
        p_events jsonb,
        p_timeout_ms integer,
        p_notify boolean,
        OUT actual_revision bigint,
        OUT last_revision bigint,
        OUT transaction_id bigint,
        OUT global_position bigint
      ) LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        v_count integer := jsonb_array_length(p_events);
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
          RETURNING s.revision INTO last_revision;
        ELSIF v_count > 0 THEN
          UPDATE es_streams AS s SET revision = s.revision + v_count
          WHERE s.stream_id = p_stream AND s.revision = p_expected
          RETURNING s.revision INTO last_revision;
        END IF;

        IF last_revision IS NULL THEN
          -- A conflict, or an empty append (which only checks the expected revision).
          SELECT s.revision INTO actual_revision FROM es_streams s WHERE s.stream_id = p_stream;
          actual_revision := coalesce(actual_revision, -1);
          IF v_count = 0 AND (p_expected = -2 OR p_expected = actual_revision) THEN
            last_revision := actual_revision;
          END IF;
          RETURN;
        END IF;
        actual_revision := last_revision;

        -- jsonb_array_elements yields the batch in order, so identity values follow revisions.
        INSERT INTO es_events (stream_id, stream_position, event_id, event_type, data, metadata)
        SELECT p_stream, last_revision - v_count + e.n, (e.v->>'id')::uuid, e.v->>'type', e.v->'data', e.v->'metadata'
        FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(v, n);
        -- The identity's sequence was last advanced by this insert's final row.
        global_position := lastval();
        transaction_id := pg_current_xact_id()::text::bigint;

        IF p_notify THEN
          PERFORM pg_notify('es_events', '');
        END IF;
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
