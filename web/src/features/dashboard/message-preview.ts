import type { Message } from '@sideline/domain';
import { differenceInSeconds, formatDistanceStrict, isValid, parseISO } from 'date-fns';

/** Spec §9: the home dashboard shows the latest 3 messages. */
export const HOME_MESSAGE_COUNT = 3;
export const UNKNOWN_USER = 'Unknown User';
export const JUST_NOW = 'Just now';
export const PHOTO_PREVIEW = '📷 Photo';

/** The newest `count` messages, newest first (the endpoint returns oldest → newest). */
export function latestMessages(messages: readonly Message[], count = HOME_MESSAGE_COUNT): Message[] {
  return messages.slice(-count).reverse();
}

/** The sender's name, or 'Unknown User' (spec §8 display fallbacks). */
export function senderName(message: Pick<Message, 'user'>): string {
  return message.user?.name?.trim() || UNKNOWN_USER;
}

/** The message text, or '📷 Photo' for a photo sent without text. */
export function previewText(message: Pick<Message, 'text' | 'mediaUrl'>): string {
  const text = message.text?.trim();
  if (text) return text;
  return message.mediaUrl ? PHOTO_PREVIEW : '';
}

/**
 * 'x ago' (spec §9); 'Just now' for a missing or invalid timestamp (spec §8), for the last few
 * seconds, and for a time slightly in the future (clock skew).
 */
export function relativeTime(timestamp: string | null | undefined, now: Date = new Date()): string {
  if (!timestamp) return JUST_NOW;
  const date = parseISO(timestamp);
  if (!isValid(date)) return JUST_NOW;
  if (differenceInSeconds(now, date) < 45) return JUST_NOW;
  return formatDistanceStrict(date, now, { addSuffix: true });
}
