import { z } from 'zod';
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

export const myRewardsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z
    .string()
    .regex(/^\d{1,20}\.\d{1,20}$/, 'Unknown cursor')
    .optional(),
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
  teamId: z.string().min(1).max(64),
  gameTitle: z.string().trim().max(120).optional(),
  highlights: z.array(z.string().trim().min(1).max(200)).max(10).optional(),
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
