import { apiPaths } from '../../lib/query-keys.ts';

/** How many occurrences Home asks for: the next one and the rest of the week, across every team. */
export const HOME_UPCOMING_LIMIT = 20;

/** Home's read of GET /api/me/upcoming (the first script starts the very same request). */
export const HOME_UPCOMING_PATH = `${apiPaths.myUpcoming}?limit=${HOME_UPCOMING_LIMIT}`;
