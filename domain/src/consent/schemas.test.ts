import { describe, expect, it } from 'vitest';
import { updateConsentsInputSchema, updateOrgConsentSettingsInputSchema } from './schemas.ts';

describe('consent inputs', () => {
  it('accepts some answers with the wording version', () => {
    expect(updateConsentsInputSchema.parse({ photos: 'withheld', textVersion: 2 })).toEqual({
      photos: 'withheld',
      textVersion: 2,
    });
  });

  it('refuses no answer, an unknown answer, an unknown consent and a missing version, with field messages', () => {
    const issues = (v: unknown) =>
      updateConsentsInputSchema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ textVersion: 1 })).toEqual([['photos', 'Answer at least one consent']]);
    expect(issues({ photos: 'yes', textVersion: 1 })).toEqual([['photos', 'Choose given or withheld']]);
    expect(issues({ photos: 'given', location: 'given', textVersion: 1 })).toEqual([['', 'Unknown consent']]);
    expect(issues({ photos: 'given' })?.[0]?.[0]).toBe('textVersion');
  });

  it('refuses an empty wording and a NUL character in it', () => {
    expect(updateOrgConsentSettingsInputSchema.safeParse({ text: '  ' }).success).toBe(false);
    expect(updateOrgConsentSettingsInputSchema.safeParse({ text: 'a\u0000b' }).success).toBe(false);
    expect(updateOrgConsentSettingsInputSchema.parse({ text: ' Our words ' })).toEqual({ text: 'Our words' });
  });
});
