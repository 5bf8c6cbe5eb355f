/**
 * What the admin portal's calls answer (spec part 2 §3, §7): the server's own zod schemas in
 * `@sideline/domain` (domain/src/admin/schemas.ts), so the client reads exactly what it sends.
 */
import type { AdminActivity, AdminActivityPage } from '@sideline/domain';

export type {
  AdminMatch,
  AdminMedia,
  AdminPerson,
  AdminSeason,
  AdminStats,
  AdminTeam,
  AdminUpcomingMatch,
} from '@sideline/domain';
export { adminPersonRoles as adminRoles } from '@sideline/domain';

/** One line of GET /api/admin/activity. */
export type ActivityEntry = AdminActivity;
export type ActivityPage = AdminActivityPage;

export interface ActivityFilters {
  userId?: string;
  teamId?: string;
  type?: string;
  from?: string;
  to?: string;
}
