/** Lifetime counters the badges are decided from (kept by the rewards projection). */
export interface BadgeCounters {
  messages: number;
  rsvps: number;
  /** Distinct event occurrences answered 'yes'. */
  rsvpsYes: number;
  uploads: number;
  /** Longest streak reached. */
  bestStreak: number;
}

export const emptyBadgeCounters = (): BadgeCounters => ({
  messages: 0,
  rsvps: 0,
  rsvpsYes: 0,
  uploads: 0,
  bestStreak: 0,
});

export interface BadgeDefinition {
  id: string;
  name: string;
  description: string;
  counter: keyof BadgeCounters;
  threshold: number;
}

const badge = (id: string, name: string, description: string, counter: keyof BadgeCounters, threshold: number) => ({
  id,
  name,
  description,
  counter,
  threshold,
});

/** Every badge, in display order. */
export const badgeCatalogue: readonly BadgeDefinition[] = [
  badge('first_message', 'First Message', 'Send your first team chat message', 'messages', 1),
  badge('chatterbox', 'Chatterbox', 'Send 50 team chat messages', 'messages', 50),
  badge('first_rsvp', 'First RSVP', 'Answer your first event invitation', 'rsvps', 1),
  badge('reliable', 'Reliable', "Say 'Going' to 10 events", 'rsvpsYes', 10),
  badge('first_upload', 'First Snap', 'Share your first photo or video', 'uploads', 1),
  badge('shutterbug', 'Shutterbug', 'Share 10 photos or videos', 'uploads', 10),
  badge('streak_3', 'On a Roll', 'Be active 3 days in a row', 'bestStreak', 3),
  badge('streak_7', 'Week Warrior', 'Be active 7 days in a row', 'bestStreak', 7),
  badge('streak_30', 'Unstoppable', 'Be active 30 days in a row', 'bestStreak', 30),
];

/** Ids of every badge the counters qualify for (badges are never taken away). */
export function badgesEarned(counters: BadgeCounters): string[] {
  return badgeCatalogue.filter((b) => counters[b.counter] >= b.threshold).map((b) => b.id);
}
