import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import {
  acceptedMatchCommands,
  matchAccepts,
  matchCommandTypes,
  matchMachine,
  matchStatuses,
  matchTransition,
  type MatchCommandType,
  type MatchStatus,
} from './machine.ts';

/** Every legal transition: status → command → next status. Anything not listed is illegal. */
const legal: Record<MatchStatus, Partial<Record<MatchCommandType, MatchStatus>>> = {
  scheduled: {
    StartMatch: 'in_progress',
    CancelMatch: 'cancelled',
    AddParticipant: 'scheduled',
    RemoveParticipant: 'scheduled',
  },
  in_progress: {
    CompleteMatch: 'complete',
    CancelMatch: 'cancelled',
    AddParticipant: 'in_progress',
    RemoveParticipant: 'in_progress',
    Substitute: 'in_progress',
    RecordStat: 'in_progress',
    AmendStat: 'in_progress',
    RetractStat: 'in_progress',
  },
  complete: { RecordStat: 'complete', AmendStat: 'complete', RetractStat: 'complete' },
  cancelled: {},
};

describe('match lifecycle machine', () => {
  for (const status of matchStatuses) {
    for (const command of matchCommandTypes) {
      const next = legal[status][command];
      if (next) {
        it(`${status} + ${command} → ${next}`, () => {
          expect(matchAccepts(status, command)).toBe(true);
          expect(matchTransition(status, command)).toBe(next);
        });
      } else {
        it(`${status} refuses ${command} with ILLEGAL_TRANSITION and the current status`, () => {
          expect(matchAccepts(status, command)).toBe(false);
          let error: unknown;
          try {
            matchTransition(status, command);
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(DomainError);
          expect(error).toMatchObject({ kind: 'conflict', code: 'ILLEGAL_TRANSITION', details: { status } });
        });
      }
    }
  }

  it('lists the accepted commands per status (what the web shows as buttons)', () => {
    expect(acceptedMatchCommands('scheduled')).toEqual([
      'StartMatch',
      'CancelMatch',
      'AddParticipant',
      'RemoveParticipant',
    ]);
    expect(acceptedMatchCommands('cancelled')).toEqual([]);
  });

  it('runs as an actor too (as @xstate/react drives it): scheduled → in_progress → complete', () => {
    const actor = createActor(matchMachine).start();
    actor.send({ type: 'CompleteMatch' }); // ignored while scheduled
    expect(actor.getSnapshot().value).toBe('scheduled');
    actor.send({ type: 'StartMatch' });
    actor.send({ type: 'RecordStat' });
    expect(actor.getSnapshot().value).toBe('in_progress');
    actor.send({ type: 'CompleteMatch' });
    expect(actor.getSnapshot().value).toBe('complete');
    actor.stop();
  });
});
