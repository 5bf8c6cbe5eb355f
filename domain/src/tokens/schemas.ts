import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { text } from '../shared/text.ts';

export const API_TOKEN_NAME_MAX = 80;

/** POST /api/tokens: a read-only token for one organization's match-stat replays and box scores. */
export const createApiTokenInputSchema = z.object({
  name: text({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(API_TOKEN_NAME_MAX, `Name must be at most ${API_TOKEN_NAME_MAX} characters`),
  organizationId: z.string({ error: 'Organization is required' }).min(1, 'Organization is required').pipe(idSchema),
});

/** A token as listed (GET /api/tokens): never the secret. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to POST /api/tokens: the only time the secret is shown. */
export const createdApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  token: z.string(),
  createdAt: z.string(),
});
