import type { Kysely } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import { formatPosition, type RecordedEvent } from '@sideline/infra';
import { allEventTypes } from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import { activityLineOf, type ActivityContext } from './activity-lines.ts';
import type { OrgActivityTables } from './activity-read-model.ts';

interface Named {
  orgId: string;
  name: string;
}

type Data = {
  teamId?: string;
  teamIds?: string[];
  teamAId?: string;
  teamBId?: string | null;
  opponentName?: string | null;
  seasonId?: string;
  matchId?: string;
  eventId?: string;
  mediaId?: string;
  playerId?: string | null;
  orgId?: string | null;
  name?: string;
  title?: string;
};

/** The keys of the names an event may need or change. */
function nameKeys(e: RecordedEvent): string[] {
  const d = e.data as Data;
  const keys = [
    d.teamId && `team:${d.teamId}`,
    d.teamAId && `team:${d.teamAId}`,
    d.teamBId && `team:${d.teamBId}`,
    ...(d.teamIds ?? []).map((t) => `team:${t}`),
    d.seasonId && `season:${d.seasonId}`,
    d.matchId && `match:${d.matchId}`,
    d.eventId && `event:${d.eventId}`,
    d.mediaId && `media:${d.mediaId}`,
    d.playerId && `player:${d.playerId}`,
  ];
  return keys.filter((k): k is string => typeof k === 'string' && k.length > 0);
}

/** Keeps the names of the organization's teams, seasons, matches, events, media and players current. */
function rememberNames(e: RecordedEvent, names: Map<string, Named>, changed: Set<string>) {
  const d = e.data as Data;
  const teamOrg = (teamId: string | undefined) => (teamId ? names.get(`team:${teamId}`)?.orgId : undefined);
  let key: string | null = null;
  let orgId: string | null | undefined;
  let name: string | undefined;
  switch (e.type) {
    case 'TeamCreated':
    case 'TeamUpdated':
      key = `team:${d.teamId}`;
      orgId = d.orgId ?? names.get(key)?.orgId;
      name = d.name;
      break;
    case 'SeasonCreated':
    case 'SeasonUpdated':
      key = `season:${d.seasonId}`;
      orgId = d.orgId;
      name = d.name;
      break;
    case 'MatchScheduled':
      key = `match:${d.matchId}`;
      orgId = d.orgId ?? teamOrg(d.teamAId) ?? teamOrg(d.teamBId ?? undefined);
      name = `${names.get(`team:${d.teamAId}`)?.name ?? 'a team'} vs ${d.teamBId ? (names.get(`team:${d.teamBId}`)?.name ?? 'a team') : (d.opponentName ?? 'an opponent')}`;
      break;
    case 'EventScheduled':
    case 'EventSeriesContinued':
      key = `event:${d.eventId}`;
      orgId = teamOrg(d.teamId);
      name = d.title;
      break;
    case 'EventChanged': {
      // A new title of the whole series; one occurrence's own title leaves the event's name.
      const change = e.data as { scope: string; changes: { title?: { to: string } } };
      if (change.scope !== 'series' || !change.changes.title) break;
      key = `event:${d.eventId}`;
      orgId = teamOrg(d.teamId);
      name = change.changes.title.to;
      break;
    }
    case 'EventSeriesSplit': {
      const split = e.data as { newEventId: string; continuation: { title: string } };
      key = `event:${split.newEventId}`;
      orgId = teamOrg(d.teamId);
      name = split.continuation.title;
      break;
    }
    case 'MediaUploaded':
      key = `media:${d.mediaId}`;
      orgId = teamOrg(d.teamId);
      name = d.title;
      break;
    case 'PlayerAdded':
      key = `player:${d.playerId}`;
      orgId = teamOrg(d.teamId);
      name = d.name;
      break;
  }
  // Things outside any organization are not remembered, so their events give no line.
  if (!key || name === undefined || !orgId) return;
  names.set(key, { orgId, name });
  changed.add(key);
}

/**
 * The organization's audit: one readable row per event of the organization (its own, its
 * seasons', its teams' and everything in them), with the event's id, type and position.
 */
export const orgActivityProjector: Projector<OrgActivityTables, ActivityWrites> = {
  name: 'org_activity',
  handles: allEventTypes,
  // Its table serves only the audit and the org console, which no response cache holds: saying
  // nothing changed keeps every chat message from emptying all cached answers.
  changes: () => ({ teams: [], users: [] }),
  tables: ['org_activity', 'org_activity_names'],
  // The audit is read, not watched: under load its lines wait up to 100 ms to be written with
  // others, off the transaction that publishes chat messages and other realtime changes.
  batchIntervalMs: 100,
  // The names are read and the lines written out before the transaction, which then only writes
  // (see Projector.prepare): under a busy chat it writes nothing at all.
  prepare: (db, events) => activityWrites(db, events),
  async apply(trx, events, prepared) {
    const db: Kysely<OrgActivityTables> = trx;
    const { names, rows } = prepared ?? (await activityWrites(db, events));
    for (const { key, org_id, name } of names) {
      await db
        .insertInto('org_activity_names')
        .values({ key, org_id, name })
        .onConflict((oc) => oc.column('key').doUpdateSet({ name }))
        .execute();
    }
    // Large batches (a rebuild) in chunks well below the bind-parameter limit.
    for (let i = 0; i < rows.length; i += 1000) {
      await db
        .insertInto('org_activity')
        .values(rows.slice(i, i + 1000))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  },
};

interface ActivityWrites {
  /** Names the batch created or changed. */
  names: OrgActivityTables['org_activity_names'][];
  rows: OrgActivityTables['org_activity'][];
}

/** The batch's lines, and the names it changed, from the names it needs (read in one query). */
async function activityWrites(database: Kysely<ReadModels>, events: readonly RecordedEvent[]): Promise<ActivityWrites> {
  const db = database;
  const wanted = [...new Set(events.flatMap(nameKeys))];
  const names = new Map<string, Named>();
  if (wanted.length > 0) {
    const rows = await db.selectFrom('org_activity_names').selectAll().where('key', 'in', wanted).execute();
    for (const r of rows) names.set(r.key, { orgId: r.org_id, name: r.name });
  }
  const changed = new Set<string>();
  const rows: ActivityWrites['rows'] = [];
  const nameOf = (key: string) => names.get(key)?.name;
  const ctx: ActivityContext = {
    teamName: (id) => nameOf(`team:${id}`),
    seasonName: (id) => nameOf(`season:${id}`),
    matchName: (id) => nameOf(`match:${id}`),
    eventTitle: (id) => nameOf(`event:${id}`),
    mediaTitle: (id) => nameOf(`media:${id}`),
    playerName: (id) => nameOf(`player:${id}`),
  };
  for (const e of events) {
    // A line speaks of the names as they were before its own event (an edit says the new name itself).
    const line = activityLineOf(e.type, e.data, ctx);
    rememberNames(e, names, changed);
    if (!line) continue;
    const orgId = line.orgId ?? (line.teamId ? names.get(`team:${line.teamId}`)?.orgId : undefined);
    if (!orgId) continue;
    rows.push({
      id: e.id,
      org_id: orgId,
      team_id: line.teamId ?? null,
      actor_id: e.metadata.actorId,
      subject_id: line.subjectId ?? null,
      description: line.description,
      occurred_at: new Date(e.metadata.occurredAt),
      type: e.type,
      position: formatPosition(e.position),
      pos_commit: e.position.commit,
      pos_prepare: e.position.prepare,
    });
  }
  return {
    names: [...changed].map((key) => ({ key, org_id: names.get(key)!.orgId, name: names.get(key)!.name })),
    rows,
  };
}
