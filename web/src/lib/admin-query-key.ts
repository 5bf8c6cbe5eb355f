/**
 * Whether a query key is one of the admin portal's (its path starts with /api/admin/): features
 * whose changes the portal shows (teams, seasons, media) mark them stale with it. Its own module,
 * kept in the shared UI chunk (web/vite.config.ts): a few bytes there, where a file of its own cost
 * four screens a request.
 */
export function isAdminQueryKey(queryKey: readonly unknown[]): boolean {
  return typeof queryKey[0] === 'string' && queryKey[0].startsWith('/api/admin/');
}
