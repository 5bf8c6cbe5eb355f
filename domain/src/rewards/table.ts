/**
 * The one reward table: what each rewarded action earns (XP and dulars) and how much of it a
 * user can earn per UTC day, so spamming earns nothing past the cap. Match-stat figures are the
 * spec's (part 2 §9); where the spec gives no dulars, dulars are 50% of XP, rounded down.
 */
export const rewardActions = [
  'chat_message',
  'rsvp',
  'media_upload',
  'goal',
  'assist',
  'ace',
  'eagle',
  'touchdown',
] as const;
export type RewardAction = (typeof rewardActions)[number];

export interface RewardRule {
  action: RewardAction;
  label: string;
  /** What one rewarded action earns. */
  xp: number;
  dulars: number;
  /** XP this action can earn per user per UTC day; further actions that day earn 0. */
  dailyXpCap: number;
  /** Extra de-duplication beyond the daily cap, for display. */
  note: string | null;
  /** Match stats are not recorded yet; their rules are here so the table is complete. */
  available: boolean;
}

/** Dulars are half the XP (rounded down) unless the table says otherwise. */
export const dularsFor = (xp: number): number => Math.floor(xp / 2);

const rule = (
  action: RewardAction,
  label: string,
  xp: number,
  perDay: number,
  options: { dulars?: number; note?: string; available?: boolean } = {},
): RewardRule => ({
  action,
  label,
  xp,
  dulars: options.dulars ?? dularsFor(xp),
  dailyXpCap: xp * perDay,
  note: options.note ?? null,
  available: options.available ?? true,
});

export const rewardTable: Readonly<Record<RewardAction, RewardRule>> = {
  chat_message: rule('chat_message', 'Chat message', 2, 10),
  rsvp: rule('rsvp', 'RSVP to an event', 5, 5, { note: 'Once per event occurrence; changing an answer earns nothing' }),
  media_upload: rule('media_upload', 'Photo or video upload', 10, 5),
  goal: rule('goal', 'Goal', 20, 10, { dulars: 10, available: false }),
  assist: rule('assist', 'Assist', 15, 10, { dulars: 7, available: false }),
  ace: rule('ace', 'Ace', 25, 10, { dulars: 12, available: false }),
  eagle: rule('eagle', 'Eagle', 50, 5, { dulars: 25, available: false }),
  touchdown: rule('touchdown', 'Touchdown', 35, 10, { available: false }),
};

export const rewardRules: readonly RewardRule[] = rewardActions.map((a) => rewardTable[a]);
