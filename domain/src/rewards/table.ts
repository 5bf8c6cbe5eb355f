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
  /** Whether anything earns it yet; an unavailable rule is listed so the table is complete. */
  available: boolean;
}

const PLAY_NOTE =
  'Recorded in a match by its scorer, counted per match up to the daily cap; a corrected or retracted stat takes it back';

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
  // Play: credited from a match's recorded stats, per match up to the day's count, and taken
  // back when a stat is amended down or retracted (rewards/play.ts).
  goal: rule('goal', 'Goal', 20, 10, { dulars: 10, note: PLAY_NOTE }),
  assist: rule('assist', 'Assist', 15, 10, { dulars: 7, note: PLAY_NOTE }),
  ace: rule('ace', 'Ace', 25, 10, { dulars: 12, note: PLAY_NOTE }),
  // Golf's stat types (§9) count strokes per round, not holes against par: an eagle cannot be
  // told from them, so nothing earns it yet.
  eagle: rule('eagle', 'Eagle', 50, 5, {
    dulars: 25,
    available: false,
    note: 'Golf stats record strokes per round, not scores per hole, so eagles are not recorded yet',
  }),
  touchdown: rule('touchdown', 'Touchdown', 35, 10, { note: PLAY_NOTE }),
};

export const rewardRules: readonly RewardRule[] = rewardActions.map((a) => rewardTable[a]);
