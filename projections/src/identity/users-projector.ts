import type { Kysely } from 'kysely';
import type { NotificationPreferencesSet, UserAvatarChanged, UserRegistered, UserRenamed } from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import type { ReadModelChanges } from '../runner/read-model-changes.ts';
import type { UsersTables } from './users-read-model.ts';

export const usersProjector: Projector<UsersTables> = {
  name: 'users',
  handles: ['UserRegistered', 'UserRenamed', 'UserAvatarChanged', 'NotificationPreferencesSet'],
  tables: ['users'],
  async apply(trx, events) {
    const db: Kysely<UsersTables> = trx;
    // Registrations are inserted together; the (rare) settings changes follow in log order.
    for (let i = 0; i < events.length;) {
      const registered = [];
      while (i < events.length && events[i]!.type === 'UserRegistered') {
        const e = events[i++]!;
        const data = e.data as UserRegistered['data'];
        registered.push({
          id: data.userId,
          name: data.name,
          email: data.email,
          role: data.role,
          avatar_url: null,
          created_at: new Date(e.metadata.occurredAt),
        });
      }
      if (registered.length > 0) await db.insertInto('users').values(registered).execute();
      if (i >= events.length) break;
      const e = events[i++]!;
      switch (e.type) {
        case 'UserRenamed': {
          const { userId, name } = e.data as UserRenamed['data'];
          await db.updateTable('users').set({ name }).where('id', '=', userId).execute();
          break;
        }
        case 'UserAvatarChanged': {
          const { userId, avatarUrl } = e.data as UserAvatarChanged['data'];
          await db.updateTable('users').set({ avatar_url: avatarUrl }).where('id', '=', userId).execute();
          break;
        }
        case 'NotificationPreferencesSet': {
          const { userId, preferences } = e.data as NotificationPreferencesSet['data'];
          await db
            .updateTable('users')
            .set({ notification_preferences: JSON.stringify(preferences) })
            .where('id', '=', userId)
            .execute();
          break;
        }
      }
    }
  },
  changes(events): ReadModelChanges {
    return { teams: [], users: events.map((e) => (e.data as UserRegistered['data']).userId) };
  },
};
