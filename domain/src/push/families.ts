import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';

/**
 * A family (household) of a team, the unit a coach is shown proof of notice for: every rostered
 * player with their current guardians and the player's own account, players who share a guardian
 * being one household (siblings); and every adult member of the team who is none of these and
 * does not manage it, as their own family. The team's managers (its creator and its coaches) are
 * not a family unless they are a player's guardian, so they are counted with that household.
 */
export interface Family {
  /** Stable within a roster: `player:{id}` of the household's first player, or `member:{userId}`. */
  key: string;
  name: string;
  userIds: string[];
}

export interface FamilyRoster {
  /** The team's players, in roster order. */
  players: readonly { id: string; name: string }[];
  /** Current guardian and own-account links of those players. */
  links: readonly { playerId: string; userId: string }[];
  /** The team's members with their names, and whether each manages the team. */
  members: readonly { userId: string; name: string; manages: boolean }[];
}

export function familiesOf(roster: FamilyRoster): Family[] {
  // Union-find over players: two players with a person in common are one household.
  const parent = new Map(roster.players.map((p) => [p.id, p.id]));
  const root = (id: string): string => {
    let at = id;
    while (parent.get(at) !== at) at = parent.get(at)!;
    return at;
  };
  const playerOfUser = new Map<string, string>();
  for (const link of roster.links) {
    if (!parent.has(link.playerId)) continue;
    const earlier = playerOfUser.get(link.userId);
    if (earlier) {
      const [a, b] = [root(earlier), root(link.playerId)];
      if (a !== b) parent.set(b, a);
    } else {
      playerOfUser.set(link.userId, link.playerId);
    }
  }
  const households = new Map<string, { names: string[]; userIds: Set<string> }>();
  for (const p of roster.players) {
    const r = root(p.id);
    const h = households.get(r) ?? { names: [], userIds: new Set<string>() };
    h.names.push(p.name);
    households.set(r, h);
  }
  for (const link of roster.links) {
    if (parent.has(link.playerId)) households.get(root(link.playerId))!.userIds.add(link.userId);
  }
  const families: Family[] = [...households].map(([id, h]) => ({
    key: `player:${id}`,
    name: h.names.join(' & '),
    userIds: [...h.userIds],
  }));
  for (const m of roster.members) {
    if (m.manages || playerOfUser.has(m.userId)) continue;
    families.push({ key: `member:${m.userId}`, name: m.name, userIds: [m.userId] });
  }
  return families;
}

/** How a family was told of a change: push to a device, email (no working device), or not at all. */
export const noticeChannels = ['push', 'email', 'none'] as const;
export const noticeChannelSchema = z.enum(noticeChannels);
export type NoticeChannel = z.infer<typeof noticeChannelSchema>;

/** One family's part of a notice: the first send, delivery and sight among its people. */
export const familyNoticeSchema = z.object({
  name: z.string(),
  channel: noticeChannelSchema,
  sentAt: z.string().nullable(),
  /** The push service accepted it, or the mail server took the email. */
  deliveredAt: z.string().nullable(),
  /** Someone of the family opened the notification or viewed the event after the change. */
  seenAt: z.string().nullable(),
});
export type FamilyNotice = z.infer<typeof familyNoticeSchema>;

/** GET /api/teams/{teamId}/events/{eventId}/notices: one entry per schedule change, newest first. */
export const eventNoticeSchema = z.object({
  changeId: z.string(),
  at: z.string(),
  summary: z.string(),
  /** Families told by push or email. */
  sent: z.number().int(),
  delivered: z.number().int(),
  seen: z.number().int(),
  families: z.array(familyNoticeSchema),
});
export type EventNotice = z.infer<typeof eventNoticeSchema>;
export const eventNoticesSchema = z.array(eventNoticeSchema);

/** POST /api/notices/{noticeId}/seen: the service worker reports a tap on a notification. */
export const noticeSeenParamsSchema = z.object({ noticeId: idSchema });
