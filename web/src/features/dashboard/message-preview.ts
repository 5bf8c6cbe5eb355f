import type { Message } from '@sideline/domain';
import { timeAgo } from '../../lib/intl-dates.ts';

/** Spec §9: the home dashboard shows the latest 3 messages. */
export const HOME_MESSAGE_COUNT = 3;
export const UNKNOWN_USER = 'Unknown User';
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

/** 'x ago' (spec §9); 'Just now' for a missing or invalid timestamp (spec §8) and the last few seconds. */
export const relativeTime = timeAgo;
