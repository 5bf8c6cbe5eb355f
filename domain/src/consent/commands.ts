import type { ConsentAnswer, ConsentKind, UnknownConsentPolicy } from './schemas.ts';

/**
 * A guardian (or an adult player's own account) answers some of the player's consents.
 * `actor` and `currentTextVersion` are read by the caller (roster and wording read models), as
 * roster commands carry `byCanManage`.
 */
export type AnswerConsents = {
  type: 'AnswerConsents';
  data: {
    playerId: string;
    teamId: string;
    answers: Partial<Record<ConsentKind, ConsentAnswer>>;
    textVersion: number;
    currentTextVersion: number;
    by: string;
    actor: 'guardian' | 'adultPlayer' | 'other';
    address: string | null;
    browser: string | null;
    at: string;
  };
};

export type UpdateOrgConsentSettings = {
  type: 'UpdateOrgConsentSettings';
  data: {
    orgId: string;
    text?: string;
    unknownTeamOnly?: UnknownConsentPolicy;
    by: string;
    byIsOrgAdmin: boolean;
  };
};
