import type { Kysely } from 'kysely';
import type { UserRegistered } from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import type { UsersTables } from './users-read-model.ts';

export const usersProjector: Projector<UsersTables> = {
  name: 'users',
  handles: ['UserRegistered'],
  tables: ['users'],
  async apply(trx, events) {
    const rows = events
      .filter((e) => e.type === 'UserRegistered')
      .map((e) => {
        const data = e.data as UserRegistered['data'];
        return {
          id: data.userId,
          name: data.name,
          email: data.email,
          role: data.role,
          avatar_url: null,
          created_at: new Date(e.metadata.occurredAt),
        };
      });
    if (rows.length > 0) await (trx as Kysely<UsersTables>).insertInto('users').values(rows).execute();
  },
};
