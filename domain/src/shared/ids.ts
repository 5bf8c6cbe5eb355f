import { z } from 'zod';

/**
 * Ids are opaque tokens the server made: UUIDs, and 32 hex digits for creates made idempotent by
 * a key. A path or query id is checked by this shape first, so a malformed one (`%00`, a slash,
 * a 10 kB string) is a 400 before it reaches a query, never a 500.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const ID_MESSAGE = 'Not a valid id';

export const idSchema = z.string({ error: ID_MESSAGE }).regex(ID_PATTERN, ID_MESSAGE);

export const isId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);
