import { getNextSnapshot, setup } from 'xstate';
import { DomainError } from '../shared/errors.ts';

export const matchStatuses = ['scheduled', 'in_progress', 'complete', 'cancelled'] as const;
export type MatchStatus = (typeof matchStatuses)[number];

/** Every command a scheduled match's stream can receive after ScheduleMatch, by name. */
export const matchCommandTypes = [
  'StartMatch',
  'CompleteMatch',
  'CancelMatch',
  'AddParticipant',
  'RemoveParticipant',
  'Substitute',
  'RecordStat',
  'AmendStat',
  'RetractStat',
] as const;
export type MatchCommandType = (typeof matchCommandTypes)[number];
export type MatchMachineEvent = { type: MatchCommandType };

/**
 * The match lifecycle: the one definition of which commands a match accepts in each status.
 * The decider asks it (purely, no actor) before deciding; the web app drives the same machine
 * with @xstate/react to show only the actions it allows.
 *
 * A command accepted without a change of status targets its own state: XState's `can()` counts
 * a transition only when it has a target or actions.
 */
export const matchMachine = setup({
  types: { events: {} as MatchMachineEvent },
}).createMachine({
  id: 'match',
  initial: 'scheduled',
  states: {
    scheduled: {
      on: {
        StartMatch: { target: 'in_progress' },
        CancelMatch: { target: 'cancelled' },
        AddParticipant: { target: 'scheduled' },
        RemoveParticipant: { target: 'scheduled' },
      },
    },
    in_progress: {
      on: {
        CompleteMatch: { target: 'complete' },
        CancelMatch: { target: 'cancelled' },
        AddParticipant: { target: 'in_progress' },
        RemoveParticipant: { target: 'in_progress' },
        Substitute: { target: 'in_progress' },
        RecordStat: { target: 'in_progress' },
        AmendStat: { target: 'in_progress' },
        RetractStat: { target: 'in_progress' },
      },
    },
    // Stats arrive late and get corrected after the final whistle; the lineup is settled.
    complete: {
      on: {
        RecordStat: { target: 'complete' },
        AmendStat: { target: 'complete' },
        RetractStat: { target: 'complete' },
      },
    },
    cancelled: { type: 'final' },
  },
});

/** The machine's snapshot for a match in `status` (no actor is started). */
export const matchSnapshot = (status: MatchStatus) => matchMachine.resolveState({ value: status });

/** Whether a match in `status` accepts the command. */
export const matchAccepts = (status: MatchStatus, command: MatchCommandType): boolean =>
  matchSnapshot(status).can({ type: command });

/** The commands a match in `status` accepts, in `matchCommandTypes` order. */
export const acceptedMatchCommands = (status: MatchStatus): MatchCommandType[] =>
  matchCommandTypes.filter((command) => matchAccepts(status, command));

const statusLabel = (status: MatchStatus) => status.replace('_', ' ');

/**
 * The status after the command, or a 409 ILLEGAL_TRANSITION (carrying the current status) when
 * the machine does not accept it.
 */
export function matchTransition(status: MatchStatus, command: MatchCommandType): MatchStatus {
  const snapshot = matchSnapshot(status);
  if (!snapshot.can({ type: command })) {
    throw new DomainError(
      'conflict',
      'ILLEGAL_TRANSITION',
      `A ${statusLabel(status)} match does not accept ${command}`,
      { status },
    );
  }
  return getNextSnapshot(matchMachine, snapshot, { type: command }).value as MatchStatus;
}
