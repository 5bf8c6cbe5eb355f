import { z } from 'zod';

/**
 * What no text a request carries may contain: NUL (PostgreSQL's text and jsonb refuse it, so it
 * used to surface as a 500) and half of a UTF-16 surrogate pair (not a character at all; jsonb
 * refuses its escape). With the `u` flag a well-formed pair is one code point, so `\p{Cs}`
 * matches only a lone half.
 */
const LONE_SURROGATE = /\p{Cs}/u;

export const UNSTORABLE_TEXT_MESSAGE =
  'Contains a character that is not text (a NUL character or half of an emoji); remove it';

export const isStorableText = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/**
 * The one string type for text in requests (bodies, frames, query strings): a zod string that
 * refuses NUL and lone surrogates with a field message. Chain `.trim()`, `.min()`, `.max()` as
 * the field needs; `params` is `z.string`'s (e.g. the "is required" message).
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true });
}

/** `text()` without a custom "required" message. */
export const safeText = text();
