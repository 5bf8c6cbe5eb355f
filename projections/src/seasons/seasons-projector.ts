import type { Kysely } from 'kysely';
import type { SeasonCreated, SeasonDeleted, SeasonUpdated } from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import type { SeasonsTables } from './seasons-read-model.ts';

export const seasonsProjector: Projector<SeasonsTables> = {
  name: 'seasons',
  handles: ['SeasonCreated', 'SeasonUpdated', 'SeasonActivated', 'SeasonDeactivated', 'SeasonDeleted'],
  tables: ['seasons'],
  async apply(trx, events) {
    const db = trx as Kysely<SeasonsTables>;
    // In log order: edits and a deletion always follow their season's creation.
    for (const e of events) {
      switch (e.type) {
        case 'SeasonCreated': {
          const d = e.data as SeasonCreated['data'];
          await db
            .insertInto('seasons')
            .values({
              id: d.seasonId,
              org_id: d.orgId,
              name: d.name,
              sport: d.sport,
              start_date: d.startDate,
              end_date: d.endDate,
              is_active: d.isActive,
              created_at: new Date(e.metadata.occurredAt),
            })
            .execute();
          break;
        }
        case 'SeasonUpdated': {
          const d = e.data as SeasonUpdated['data'];
          await db
            .updateTable('seasons')
            .set({ name: d.name, sport: d.sport, start_date: d.startDate, end_date: d.endDate })
            .where('id', '=', d.seasonId)
            .execute();
          break;
        }
        case 'SeasonActivated':
        case 'SeasonDeactivated': {
          const d = e.data as SeasonDeleted['data'];
          await db
            .updateTable('seasons')
            .set({ is_active: e.type === 'SeasonActivated' })
            .where('id', '=', d.seasonId)
            .execute();
          break;
        }
        case 'SeasonDeleted': {
          const d = e.data as SeasonDeleted['data'];
          await db.deleteFrom('seasons').where('id', '=', d.seasonId).execute();
          break;
        }
      }
    }
  },
};
