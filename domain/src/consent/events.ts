import type { ConsentAnswer, ConsentKind, UnknownConsentPolicy } from './schemas.ts';

/**
 * A player's consents: one stream per player, apart from the roster's, so that answering never
 * conflicts with a coach editing the roster.
 */
export const playerConsentStream = (playerId: string) => `consent-${playerId}`;
/** An organization's consent wording and its rule for unanswered consents. */
export const orgConsentStream = (orgId: string) => `orgconsent-${orgId}`;

/**
 * One answer to one consent: who, when, under which wording, from which address and browser.
 * A ledger: later answers never change earlier ones.
 */
export type ConsentAnswered = {
  type: 'ConsentAnswered';
  data: {
    playerId: string;
    teamId: string;
    consent: ConsentKind;
    state: ConsentAnswer;
    by: string;
    /** Whether `by` answered as a guardian or as the (adult) player themself. */
    as: 'guardian' | 'player';
    textVersion: number;
    address: string | null;
    browser: string | null;
    at: string;
  };
};

/** The organization's admins changed the consent wording: `version` is one more than the last. */
export type ConsentWordingChanged = {
  type: 'ConsentWordingChanged';
  data: { orgId: string; text: string; version: number; by: string };
};

export type UnknownConsentPolicySet = {
  type: 'UnknownConsentPolicySet';
  data: { orgId: string; unknownTeamOnly: UnknownConsentPolicy; by: string };
};

export type PlayerConsentEvent = ConsentAnswered;
export type OrgConsentEvent = ConsentWordingChanged | UnknownConsentPolicySet;
export const consentEventTypes = ['ConsentAnswered', 'ConsentWordingChanged', 'UnknownConsentPolicySet'] as const;
