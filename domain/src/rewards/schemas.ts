import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { safeText } from '../shared/text.ts';
import { rewardActions } from './table.ts';

export const rewardActionSchema = z.enum(rewardActions);

export const rewardRuleSchema = z.object({
  action: rewardActionSchema,
  label: z.string(),
  xp: z.number().int(),
  dulars: z.number().int(),
  dailyXpCap: z.number().int(),
  note: z.string().nullable(),
  available: z.boolean(),
});
export type RewardRuleView = z.infer<typeof rewardRuleSchema>;

export const rewardBadgeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** ISO timestamp, or null while the badge is locked. */
  earnedAt: z.string().nullable(),
});
export type RewardBadge = z.infer<typeof rewardBadgeSchema>;

export const rewardHistoryItemSchema = z.object({
  action: rewardActionSchema,
  label: z.string(),
  xp: z.number().int(),
  dulars: z.number().int(),
  at: z.string(),
  teamId: z.string().nullable(),
});
export type RewardHistoryItem = z.infer<typeof rewardHistoryItemSchema>;

/** GET /api/rewards/me */
export const myRewardsSchema = z.object({
  xp: z.number().int(),
  dulars: z.number().int(),
  /** Current day streak: 0 once a whole UTC day has passed without rewardable activity. */
  streak: z.number().int(),
  badges: z.array(rewardBadgeSchema),
  history: z.array(rewardHistoryItemSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type MyRewards = z.infer<typeof myRewardsSchema>;

const MAX_BIGINT = 2n ** 63n - 1n;
/** `{commit}.{prepare}` as `nextCursor` gives it out: two PostgreSQL bigints, so never larger. */
const isHistoryCursor = (v: string) =>
  /^\d{1,19}\.\d{1,19}$/.test(v) && v.split('.').every((part) => BigInt(part) <= MAX_BIGINT);

export const myRewardsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.string().refine(isHistoryCursor, 'Unknown cursor').optional(),
});

/** GET /api/rewards/table */
export const rewardTableResponseSchema = z.object({
  rules: z.array(rewardRuleSchema),
  badges: z.array(z.object({ id: z.string(), name: z.string(), description: z.string() })),
  streak: z.string(),
});
export type RewardTableResponse = z.infer<typeof rewardTableResponseSchema>;

/** POST /api/ai/game-recap */
export const gameRecapInputSchema = z.object({
  teamId: idSchema,
  /** A match of the team: the recap leads with its score, top performers and notable stats. */
  matchId: idSchema.optional(),
  gameTitle: safeText.trim().max(120).optional(),
  highlights: z.array(safeText.trim().min(1).max(200)).max(10).optional(),
});
export type GameRecapInput = z.input<typeof gameRecapInputSchema>;

export const gameRecapSchema = z.object({
  title: z.string(),
  content: z.string(),
  stats: z.object({
    finalScore: z.string().nullable(),
    topScorer: z.string().nullable(),
    keyMoments: z.number().int(),
  }),
  generatedAt: z.string(),
});
export type GameRecap = z.infer<typeof gameRecapSchema>;
