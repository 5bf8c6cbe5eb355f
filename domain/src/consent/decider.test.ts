import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { fold } from '../shared/decider.ts';
import { orgConsentDecider, playerConsentDecider } from './decider.ts';
import type { AnswerConsents } from './commands.ts';
import type { ConsentAnswered, OrgConsentEvent } from './events.ts';
import { consentEffective, DEFAULT_CONSENT_TEXT } from './schemas.ts';

const at = '2026-11-28T10:00:00.000Z';
const answer = (
  answers: AnswerConsents['data']['answers'],
  { actor = 'guardian' as AnswerConsents['data']['actor'], textVersion = 1, currentTextVersion = 1, by = 'g1' } = {},
): AnswerConsents => ({
  type: 'AnswerConsents',
  data: {
    playerId: 'p1',
    teamId: 't1',
    answers,
    textVersion,
    currentTextVersion,
    by,
    actor,
    address: '203.0.113.7',
    browser: 'Mozilla/5.0',
    at,
  },
});
const answered = (
  consent: ConsentAnswered['data']['consent'],
  state: ConsentAnswered['data']['state'],
  { textVersion = 1, by = 'g1', as = 'guardian' as 'guardian' | 'player' } = {},
): ConsentAnswered => ({
  type: 'ConsentAnswered',
  data: {
    playerId: 'p1',
    teamId: 't1',
    consent,
    state,
    by,
    as,
    textVersion,
    address: '203.0.113.7',
    browser: 'Mozilla/5.0',
    at,
  },
});

describe('player consents', () => {
  it('given nothing, when a guardian answers two consents, then each answer is recorded with who, when, wording, address and browser', () => {
    given(playerConsentDecider)
      .when(answer({ photos: 'given', public: 'withheld' }))
      .then([answered('photos', 'given'), answered('public', 'withheld')]);
  });

  it('given a given photo consent, when the guardian withdraws it, then the withdrawal is a new entry', () => {
    given(playerConsentDecider, [answered('photos', 'given')])
      .when(answer({ photos: 'withheld' }))
      .then([answered('photos', 'withheld')]);
  });

  it('given an answer, when the same answer comes again under the same wording, then nothing is recorded', () => {
    given(playerConsentDecider, [answered('photos', 'given')])
      .when(answer({ photos: 'given' }))
      .then([]);
  });

  it('given an answer under wording 1, when the guardian confirms it under wording 2, then the confirmation is recorded', () => {
    given(playerConsentDecider, [answered('photos', 'given')])
      .when(answer({ photos: 'given' }, { textVersion: 2, currentTextVersion: 2 }))
      .then([answered('photos', 'given', { textVersion: 2 })]);
  });

  it('refuses anyone but a guardian or an adult player, managers included', () => {
    given(playerConsentDecider)
      .when(answer({ photos: 'given' }, { actor: 'other', by: 'coach' }))
      .thenRefuses('GUARDIANS_ONLY');
  });

  it("records an adult player's own answer as the player's", () => {
    given(playerConsentDecider)
      .when(answer({ livestream: 'given' }, { actor: 'adultPlayer', by: 'p-acct' }))
      .then([answered('livestream', 'given', { by: 'p-acct', as: 'player' })]);
  });

  it('refuses an answer to a wording that is no longer the current one', () => {
    given(playerConsentDecider)
      .when(answer({ photos: 'given' }, { textVersion: 1, currentTextVersion: 2 }))
      .thenRefuses('CONSENT_TEXT_OUTDATED');
  });

  it('folds to the latest answer of each consent', () => {
    const state = fold(playerConsentDecider, [
      answered('photos', 'given'),
      answered('public', 'given'),
      answered('photos', 'withheld', { textVersion: 2 }),
    ]);
    expect(state.answers).toEqual({
      photos: { state: 'withheld', textVersion: 2 },
      public: { state: 'given', textVersion: 1 },
    });
  });
});

describe("the organization's consent wording", () => {
  const update = (data: { text?: string; unknownTeamOnly?: 'askFirst' | 'granted' }, byIsOrgAdmin = true) => ({
    type: 'UpdateOrgConsentSettings' as const,
    data: { orgId: 'o1', by: 'a1', byIsOrgAdmin, ...data },
  });

  it('starts at version 1 with the default wording, unknown asked first', () => {
    expect(orgConsentDecider.initialState).toEqual({
      text: DEFAULT_CONSENT_TEXT,
      version: 1,
      unknownTeamOnly: 'askFirst',
    });
  });

  it('given version 1, when an admin changes the wording, then it becomes version 2; and version 3 after that', () => {
    given(orgConsentDecider)
      .when(update({ text: 'Our words' }))
      .then([{ type: 'ConsentWordingChanged', data: { orgId: 'o1', text: 'Our words', version: 2, by: 'a1' } }]);
    const v2: OrgConsentEvent = {
      type: 'ConsentWordingChanged',
      data: { orgId: 'o1', text: 'Our words', version: 2, by: 'a1' },
    };
    given(orgConsentDecider, [v2])
      .when(update({ text: 'Newer words' }))
      .then([{ type: 'ConsentWordingChanged', data: { orgId: 'o1', text: 'Newer words', version: 3, by: 'a1' } }]);
  });

  it('given a wording, when the same wording is saved, then the version stays', () => {
    given(orgConsentDecider)
      .when(update({ text: DEFAULT_CONSENT_TEXT }))
      .then([]);
  });

  it('given ask first, when an admin grants unknown team-only consent, then it is recorded once', () => {
    const set: OrgConsentEvent = {
      type: 'UnknownConsentPolicySet',
      data: { orgId: 'o1', unknownTeamOnly: 'granted', by: 'a1' },
    };
    given(orgConsentDecider)
      .when(update({ unknownTeamOnly: 'granted' }))
      .then([set]);
    given(orgConsentDecider, [set])
      .when(update({ unknownTeamOnly: 'granted' }))
      .then([]);
  });

  it('refuses anyone who is not an admin of the organization', () => {
    given(orgConsentDecider)
      .when(update({ text: 'x' }, false))
      .thenRefuses('ORG_ADMINS_ONLY');
  });
});

describe('what counts as consent', () => {
  it('an answer counts as it is; unknown public never counts; unknown team-only counts only when the organization grants it', () => {
    expect(consentEffective('photos', 'given', 'askFirst')).toBe(true);
    expect(consentEffective('photos', 'withheld', 'granted')).toBe(false);
    expect(consentEffective('photos', 'unknown', 'askFirst')).toBe(false);
    expect(consentEffective('photos', 'unknown', 'granted')).toBe(true);
    expect(consentEffective('livestream', 'unknown', 'granted')).toBe(true);
    expect(consentEffective('public', 'unknown', 'granted')).toBe(false);
  });
});
