import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { AnswerConsents, UpdateOrgConsentSettings } from './commands.ts';
import type { ConsentAnswered, OrgConsentEvent, PlayerConsentEvent } from './events.ts';
import {
  consentKinds,
  DEFAULT_CONSENT_TEXT,
  type ConsentAnswer,
  type ConsentKind,
  type UnknownConsentPolicy,
} from './schemas.ts';

export type PlayerConsentState = {
  answers: Partial<Record<ConsentKind, { state: ConsentAnswer; textVersion: number }>>;
};

/**
 * A player's consents. Only a linked guardian (or the player's own account when the player is an
 * adult) may answer, and only under the wording now in force: an answer to an older text would
 * record agreement to words the organization no longer uses.
 */
export const playerConsentDecider: Decider<AnswerConsents, PlayerConsentEvent, PlayerConsentState> = {
  initialState: { answers: {} },
  decide(command, state) {
    const d = command.data;
    if (d.actor === 'other') {
      throw new DomainError('forbidden', 'GUARDIANS_ONLY', "Only the player's guardians can answer their consents");
    }
    if (d.textVersion !== d.currentTextVersion) {
      throw new DomainError(
        'conflict',
        'CONSENT_TEXT_OUTDATED',
        'The consent text has changed since it was shown; read it again and answer',
        { currentTextVersion: d.currentTextVersion },
      );
    }
    const events: ConsentAnswered[] = [];
    for (const consent of consentKinds) {
      const answer = d.answers[consent];
      if (answer === undefined) continue;
      const last = state.answers[consent];
      // The same answer under the same wording is a retry, not a new entry in the ledger.
      if (last && last.state === answer && last.textVersion === d.textVersion) continue;
      events.push({
        type: 'ConsentAnswered',
        data: {
          playerId: d.playerId,
          teamId: d.teamId,
          consent,
          state: answer,
          by: d.by,
          as: d.actor === 'guardian' ? 'guardian' : 'player',
          textVersion: d.textVersion,
          address: d.address,
          browser: d.browser,
          at: d.at,
        },
      });
    }
    return events;
  },
  evolve(state, event) {
    const { consent, state: answer, textVersion } = event.data;
    return { answers: { ...state.answers, [consent]: { state: answer, textVersion } } };
  },
};

export type OrgConsentState = { text: string; version: number; unknownTeamOnly: UnknownConsentPolicy };

/** Every organization starts here: the default wording as version 1, unknown asked first. */
export const initialOrgConsentState: OrgConsentState = {
  text: DEFAULT_CONSENT_TEXT,
  version: 1,
  unknownTeamOnly: 'askFirst',
};

/** The organization's consent wording (versioned) and its rule for unanswered team-only consents. */
export const orgConsentDecider: Decider<UpdateOrgConsentSettings, OrgConsentEvent, OrgConsentState> = {
  initialState: initialOrgConsentState,
  decide(command, state) {
    const { orgId, text, unknownTeamOnly, by, byIsOrgAdmin } = command.data;
    if (!byIsOrgAdmin) {
      throw new DomainError('forbidden', 'ORG_ADMINS_ONLY', "Only the organization's admins can do this");
    }
    const events: OrgConsentEvent[] = [];
    if (text !== undefined && text !== state.text) {
      events.push({ type: 'ConsentWordingChanged', data: { orgId, text, version: state.version + 1, by } });
    }
    if (unknownTeamOnly !== undefined && unknownTeamOnly !== state.unknownTeamOnly) {
      events.push({ type: 'UnknownConsentPolicySet', data: { orgId, unknownTeamOnly, by } });
    }
    return events;
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ConsentWordingChanged':
        return { ...state, text: event.data.text, version: event.data.version };
      case 'UnknownConsentPolicySet':
        return { ...state, unknownTeamOnly: event.data.unknownTeamOnly };
    }
  },
};
