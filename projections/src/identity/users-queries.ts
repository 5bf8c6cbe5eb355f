import type { Kysely, Selectable } from 'kysely';
import type { ReadModels } from '../read-models.ts';
import {
  currentStreak,
  defaultNotificationPreferences,
  notificationPreferencesSchema,
  utcDay,
  withAllNotificationPreferences,
  type AllNotificationPreferences,
  type User,
} from '@sideline/domain';
import { displayRoleOf, membershipColumns } from '../orgs/membership-sql.ts';
import type { UsersTable } from './users-read-model.ts';

type Memberships = { is_org_admin?: boolean; team_roles?: string | null };

/**
 * The stored streak is the one on its last active day; `now` decides whether it still holds.
 * `role` is the displayed role (the highest of the account role and the memberships, when the
 * row carries them); `accountRole` is the one chosen at sign-up.
 */
export function toUser(row: Selectable<UsersTable> & Memberships, now: Date): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: displayRoleOf({
      role: row.role,
      is_org_admin: row.is_org_admin ?? false,
      team_roles: row.team_roles ?? null,
    }),
    accountRole: row.role as User['accountRole'],
    avatarUrl: row.avatar_url,
    createdAt: row.created_at.toISOString(),
    xp: row.xp,
    dulars: row.dulars,
    streak: currentStreak({ streak: row.streak, lastDay: row.streak_day }, utcDay(now)),
  };
}

export async function findUserById(db: Kysely<ReadModels>, id: string, now: Date = new Date()): Promise<User | null> {
  const { is_org_admin, team_roles } = membershipColumns('users.id');
  const row = await db
    .selectFrom('users')
    .selectAll()
    .select([is_org_admin.as('is_org_admin'), team_roles.as('team_roles')])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toUser(row, now) : null;
}

export async function countUsers(db: Kysely<ReadModels>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A person's notification preferences: what they last chose, or every kind on. */
export async function findNotificationPreferences(
  db: Kysely<ReadModels>,
  id: string,
): Promise<AllNotificationPreferences | null> {
  const row = await db.selectFrom('users').select('notification_preferences').where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const stored = notificationPreferencesSchema.safeParse(row.notification_preferences);
  return stored.success ? withAllNotificationPreferences(stored.data) : defaultNotificationPreferences;
}
