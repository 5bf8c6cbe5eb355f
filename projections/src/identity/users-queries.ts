import type { Kysely, Selectable } from 'kysely';
import type { User } from '@sideline/domain';
import type { UsersTable, UsersTables } from './users-read-model.ts';

export function toUser(row: Selectable<UsersTable>): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as User['role'],
    avatarUrl: row.avatar_url,
    createdAt: row.created_at.toISOString(),
    xp: row.xp,
    dulars: row.dulars,
    streak: row.streak,
  };
}

export async function findUserById(db: Kysely<any>, id: string): Promise<User | null> {
  const row = await (db as Kysely<UsersTables>).selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function countUsers(db: Kysely<any>): Promise<number> {
  const row = await (db as Kysely<UsersTables>)
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
