import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@sideline/infra';
import type { Projector } from '../runner/projector.ts';
import { activityLines } from './activity-lines.ts';
import type { OrgActivityTables } from './activity-read-model.ts';

interface Named {
  orgId: string;
  name: string;
}

/** The keys of the names an event may need or change. */
function nameKeys(e: RecordedEvent): string[] {
  const d = e.data as { teamId?: string; seasonId?: string };
  return [d.teamId ? `team:${d.teamId}` : null, d.seasonId ? `season:${d.seasonId}` : null].filter(
    (k): k is string => k !== null,
  );
}

/** Keeps the names of org teams and seasons current, from the events themselves. */
function rememberNames(e: RecordedEvent, names: Map<string, Named>, changed: Set<string>) {
  const d = e.data as { teamId?: string; seasonId?: string; orgId?: string | null; name?: string };
  const key =
    e.type === 'TeamCreated' || e.type === 'TeamUpdated'
      ? `team:${d.teamId}`
      : e.type === 'SeasonCreated' || e.type === 'SeasonUpdated'
        ? `season:${d.seasonId}`
        : null;
  if (!key || d.name === undefined) return;
  const orgId = d.orgId ?? names.get(key)?.orgId;
  // A team outside any organization is not remembered, so its events give no line.
  if (!orgId) return;
  names.set(key, { orgId, name: d.name });
  changed.add(key);
}

export const orgActivityProjector: Projector<OrgActivityTables> = {
  name: 'org_activity',
  handles: Object.keys(activityLines),
  tables: ['org_activity', 'org_activity_names'],
  async apply(trx, events) {
    const db = trx as Kysely<OrgActivityTables>;
    const wanted = [...new Set(events.flatMap(nameKeys))];
    const names = new Map<string, Named>();
    if (wanted.length > 0) {
      const rows = await db.selectFrom('org_activity_names').selectAll().where('key', 'in', wanted).execute();
      for (const r of rows) names.set(r.key, { orgId: r.org_id, name: r.name });
    }
    const changed = new Set<string>();
    const rows: Omit<OrgActivityTables['org_activity'], 'seq'>[] = [];
    const ctx = {
      teamName: (teamId: string) => names.get(`team:${teamId}`)?.name,
      seasonName: (seasonId: string) => names.get(`season:${seasonId}`)?.name,
    };
    for (const e of events) {
      // A line speaks of the names as they were before its own event (an edit says the new name itself).
      const line = activityLines[e.type]?.(e.data, ctx) ?? null;
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
      });
    }
    for (const key of changed) {
      const { orgId, name } = names.get(key)!;
      await db
        .insertInto('org_activity_names')
        .values({ key, org_id: orgId, name })
        .onConflict((oc) => oc.column('key').doUpdateSet({ name }))
        .execute();
    }
    if (rows.length > 0) {
      await db
        .insertInto('org_activity')
        .values(rows)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  },
};
