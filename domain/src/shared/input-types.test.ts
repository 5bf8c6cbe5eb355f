import { describe, expect, it } from 'vitest';
import { boundedIsoDate, boundedIsoDateTime, DATE_RANGE_MESSAGE } from './dates.ts';
import { idSchema } from './ids.ts';
import { safeText, text, UNSTORABLE_TEXT_MESSAGE } from './text.ts';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('the shared text type', () => {
  it('refuses NUL and a lone half of a surrogate pair anywhere in the text, with one clear message', () => {
    for (const value of ['\u0000', 'a\u0000b', '\ud800', 'x\udc00', 'emoji half \ud83d', '\ude00 start']) {
      expect(messages(safeText.safeParse(value)), JSON.stringify(value)).toEqual([UNSTORABLE_TEXT_MESSAGE]);
    }
  });

  it('keeps every real character: emoji pairs, accents, CJK, tabs and new lines', () => {
    for (const value of ['⚽🎉👨‍👩‍👧', 'Zoë Ærø', '練習', 'line\nnext\ttab', '']) {
      expect(safeText.parse(value)).toBe(value);
    }
  });

  it('chains with trim, min and max, and keeps its own "required" message', () => {
    const name = text({ error: 'Name is required' }).trim().min(1, 'Name is required').max(5, 'Too long');
    expect(name.parse('  Ann  ')).toBe('Ann');
    expect(messages(name.safeParse('   '))).toEqual(['Name is required']);
    expect(messages(name.safeParse(undefined))).toEqual(['Name is required']);
    expect(messages(name.safeParse('Annabelle'))).toEqual(['Too long']);
    expect(messages(name.safeParse(' A\u0000 '))).toEqual([UNSTORABLE_TEXT_MESSAGE]);
  });
});

describe('ids and dates', () => {
  it('takes UUIDs and hex ids, refuses anything else by shape', () => {
    for (const id of ['6f1c1d2e-0000-4000-8000-000000000001', 'a3f9'.repeat(8)]) expect(idSchema.parse(id)).toBe(id);
    for (const id of ['', '\u0000', 'a/b', 'a.b', 'a b', 'x'.repeat(65)])
      expect(idSchema.safeParse(id).success).toBe(false);
  });

  it('bounds dates to 1900–2200 (UTC)', () => {
    const dateTime = boundedIsoDateTime();
    expect(dateTime.parse('1900-01-01T00:00:00Z')).toBe('1900-01-01T00:00:00Z');
    expect(dateTime.parse('2200-12-31T23:59:59.999Z')).toBe('2200-12-31T23:59:59.999Z');
    for (const value of [
      '0001-01-01T00:00:00Z',
      '0099-12-31T10:00:00Z',
      '1899-12-31T23:59:59Z',
      '2201-01-01T00:00:00Z',
    ]) {
      expect(messages(dateTime.safeParse(value)), value).toEqual([DATE_RANGE_MESSAGE]);
    }
    expect(messages(boundedIsoDate().safeParse('0020-05-01'))).toEqual([DATE_RANGE_MESSAGE]);
    expect(boundedIsoDate().parse('2026-05-01')).toBe('2026-05-01');
  });
});
