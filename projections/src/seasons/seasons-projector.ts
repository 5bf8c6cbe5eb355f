import type { Kysely } from 'kysely';
import { sportById, upcastSeasonEvent, type StoredSeasonEvent } from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import type { SeasonsTables } from './seasons-read-model.ts';

export const seasonsProjector: Projector<SeasonsTables> = {
  name: 'seasons',
  handles: ['SeasonCreated', 'SeasonUpdated', 'SeasonActivated', 'SeasonDeactivated', 'SeasonDeleted'],
  tables: ['seasons'],
  async apply(trx, events) {
    const db: Kysely<SeasonsTables> = trx;
    // In log order: edits and a deletion always follow their season's creation.
    for (const e of events) {
      // Stored events of the first shape name the sport instead of giving its id.
      const event = upcastSeasonEvent({ type: e.type, data: e.data } as StoredSeasonEvent);
      switch (event.type) {
        case 'SeasonCreated': {
          const d = event.data;
          await db
            .insertInto('seasons')
            .values({
              id: d.seasonId,
              org_id: d.orgId,
              name: d.name,
              sport_id: d.sportId,
              sport: sportById(d.sportId).name,
              start_date: d.startDate,
              end_date: d.endDate,
              is_active: d.isActive,
              created_at: new Date(e.metadata.occurredAt),
            })
            .execute();
          break;
        }
        case 'SeasonUpdated': {
          const d = event.data;
          await db
            .updateTable('seasons')
            .set({
              name: d.name,
              sport_id: d.sportId,
              sport: sportById(d.sportId).name,
              start_date: d.startDate,
              end_date: d.endDate,
            })
            .where('id', '=', d.seasonId)
            .execute();
          break;
        }
        case 'SeasonActivated':
        case 'SeasonDeactivated': {
          const d = event.data;
          await db
            .updateTable('seasons')
            .set({ is_active: event.type === 'SeasonActivated' })
            .where('id', '=', d.seasonId)
            .execute();
          break;
        }
        case 'SeasonDeleted': {
          const d = event.data;
          await db.deleteFrom('seasons').where('id', '=', d.seasonId).execute();
          break;
        }
      }
    }
  },
};
