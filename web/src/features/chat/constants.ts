/** Spec §4 / §9: typing is cleared after 3 s without typing; a received entry expires 3 s after its last update. */
export const TYPING_TIMEOUT_MS = 3000;
/**
 * While someone keeps typing, isTyping is announced again this often, so that the other
 * members' 3 s expiry never hides a person who is still typing.
 */
export const TYPING_REFRESH_MS = 2000;
/** Spec §9: the typing indicator lists up to 3 names. */
export const TYPING_INDICATOR_MAX_NAMES = 3;

/** Spec §7: the text of the message sent after a chat image upload. */
export const PHOTO_SHARED_TEXT = '📷 Photo shared';

/**
 * A socket send whose echo (new_message with its clientId) has not come back after this long is
 * sent again over HTTP with the same clientId (the server makes it idempotent).
 */
export const SOCKET_ECHO_TIMEOUT_MS = 10_000;

/** Spec §9: the emoji picker offers 20 emojis. */
export const CHAT_EMOJIS: ReadonlyArray<{ emoji: string; name: string }> = [
  { emoji: '👍', name: 'Thumbs up' },
  { emoji: '❤️', name: 'Red heart' },
  { emoji: '😂', name: 'Tears of joy' },
  { emoji: '😊', name: 'Smiling face' },
  { emoji: '😮', name: 'Surprised face' },
  { emoji: '😢', name: 'Crying face' },
  { emoji: '🙏', name: 'Folded hands' },
  { emoji: '👏', name: 'Clapping hands' },
  { emoji: '🙌', name: 'Raising hands' },
  { emoji: '💪', name: 'Flexed biceps' },
  { emoji: '🔥', name: 'Fire' },
  { emoji: '🎉', name: 'Party popper' },
  { emoji: '🏆', name: 'Trophy' },
  { emoji: '🥇', name: 'Gold medal' },
  { emoji: '⚽', name: 'Soccer ball' },
  { emoji: '🏀', name: 'Basketball' },
  { emoji: '🏈', name: 'American football' },
  { emoji: '⚾', name: 'Baseball' },
  { emoji: '🎾', name: 'Tennis' },
  { emoji: '🏐', name: 'Volleyball' },
];
