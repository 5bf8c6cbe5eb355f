import type { Message } from '@sideline/domain';
import { format, isSameDay, isToday, isValid, isYesterday, parseISO } from 'date-fns';
import type { RealtimeMessageLike } from './realtime.ts';

/** Spec §8 display fallbacks. */
export const UNKNOWN_USER = 'Unknown User';
export const JUST_NOW = 'Just now';

function parseTimestamp(timestamp: string | null | undefined): Date | null {
  if (!timestamp) return null;
  const date = parseISO(timestamp);
  return isValid(date) ? date : null;
}

/** The time of day a message was sent ('3:04 PM'), or 'Just now' when missing or invalid. */
export function formatMessageTime(timestamp: string | null | undefined): string {
  const date = parseTimestamp(timestamp);
  return date ? format(date, 'p') : JUST_NOW;
}

/** The full date and time, for a tooltip / title; null when the timestamp is unusable. */
export function formatMessageDateTime(timestamp: string | null | undefined): string | null {
  const date = parseTimestamp(timestamp);
  return date ? format(date, 'PPPP p') : null;
}

/** 'Today', 'Yesterday' or 'Saturday, March 14, 2026' for a day separator; null when unknown. */
export function formatDayLabel(timestamp: string | null | undefined): string | null {
  const date = parseTimestamp(timestamp);
  if (!date) return null;
  if (isToday(date)) return 'Today';
  if (isYesterday(date)) return 'Yesterday';
  return format(date, 'EEEE, MMMM d, yyyy');
}

/** Whether two messages were sent on the same calendar day (unknown times count as the same). */
export function sameDay(a: string | null | undefined, b: string | null | undefined): boolean {
  const da = parseTimestamp(a);
  const db = parseTimestamp(b);
  if (!da || !db) return true;
  return isSameDay(da, db);
}

/** Milliseconds between two messages (Infinity when either time is unknown). */
export function gapMs(a: string | null | undefined, b: string | null | undefined): number {
  const da = parseTimestamp(a);
  const db = parseTimestamp(b);
  if (!da || !db) return Number.POSITIVE_INFINITY;
  return Math.abs(db.getTime() - da.getTime());
}

/** The sender's name, or 'Unknown User'. */
export function senderName(message: Pick<Message, 'user'> | { user?: { name?: string | null } | null }): string {
  const name = message.user?.name?.trim();
  return name ? name : UNKNOWN_USER;
}

/**
 * A message as the chat list shows it, from the API's Message or the socket's realtime form
 * (spec §3: teamId, content, senderId, senderName, mediaUrl). Missing fields get safe defaults.
 */
export function toMessage(raw: RealtimeMessageLike): Message {
  const name = raw.user?.name ?? raw.senderName ?? '';
  return {
    id: String(raw.id),
    teamId: String(raw.teamId),
    userId: String(raw.userId ?? raw.senderId ?? ''),
    text: raw.text ?? raw.content ?? '',
    mediaUrl: raw.mediaUrl ?? null,
    timestamp: raw.timestamp ?? '',
    pinned: raw.pinned ?? false,
    clientId: raw.clientId ?? null,
    user: { name, avatarUrl: raw.user?.avatarUrl ?? null },
  };
}

/** A client id for an idempotent send (spec: crypto.randomUUID-based; 36 chars of [0-9a-f-]). */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Older browsers / non-secure contexts: 32 random hex digits.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The typing indicator's sentence (spec §9: up to 3 names): 'X is typing…', 'X and Y are
 * typing…', 'X, Y and Z are typing…', 'X, Y, Z and 2 others are typing…'; '' for nobody.
 */
export function typingText(names: readonly string[], maxNames = 3): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length <= maxNames) {
    return `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are typing…`;
  }
  const rest = names.length - maxNames;
  return `${names.slice(0, maxNames).join(', ')} and ${rest} ${rest === 1 ? 'other' : 'others'} are typing…`;
}
