import { getNextSnapshot, setup } from 'xstate';
import { DomainError } from '../shared/errors.ts';
import {
  livestreamUserCommandTypes,
  type LivestreamCommandType,
  type LivestreamIngestState,
  type LivestreamMachineEvent,
  type LivestreamStatus,
} from './states.ts';

export * from './states.ts';

/**
 * The livestream lifecycle: the one definition of which commands and ingest signals a stream
 * accepts in each state. The decider asks it (purely, no actor); the web app drives the same
 * machine with @xstate/react (`useMachine(livestreamMachine, { snapshot: livestreamSnapshot(...) })`
 * or just `livestreamAccepts`) to show only the actions it allows.
 *
 * scheduled → live (on_air ⇄ interrupted) → ended; scheduled → cancelled.
 * A command accepted without a change of state targets its own state: XState's `can()` counts a
 * transition only when it has a target or actions.
 */
export const livestreamMachine = setup({
  types: { events: {} as LivestreamMachineEvent },
}).createMachine({
  id: 'livestream',
  initial: 'scheduled',
  states: {
    scheduled: {
      on: {
        ConnectPublisher: { target: 'scheduled' },
        PublishStarted: { target: 'live.on_air' },
        CancelLivestream: { target: 'cancelled' },
        RotateStreamKey: { target: 'scheduled' },
      },
    },
    live: {
      initial: 'on_air',
      on: {
        EndLivestream: { target: 'ended' },
        TeamGone: { target: 'ended' },
      },
      states: {
        on_air: {
          on: {
            PublishDropped: { target: 'interrupted' },
            PublishEnded: { target: '#livestream.ended' },
            RotateStreamKey: { target: 'on_air' },
            SendChatMessage: { target: 'on_air' },
          },
        },
        interrupted: {
          on: {
            // The same publisher (or OBS after a network blip) reconnects within the grace period.
            ConnectPublisher: { target: 'interrupted' },
            PublishStarted: { target: 'on_air' },
            GraceExpired: { target: '#livestream.ended' },
            PublishEnded: { target: '#livestream.ended' },
            RotateStreamKey: { target: 'interrupted' },
            SendChatMessage: { target: 'interrupted' },
          },
        },
      },
    },
    ended: {
      on: {
        SaveRecording: { target: 'ended' },
      },
    },
    cancelled: { type: 'final' },
  },
});

/** The machine's state value for a status (and, while live, the ingest state). */
export type LivestreamStateValue = 'scheduled' | 'ended' | 'cancelled' | { live: LivestreamIngestState };

export function livestreamStateValue(
  status: LivestreamStatus,
  ingest: LivestreamIngestState | null = null,
): LivestreamStateValue {
  return status === 'live' ? { live: ingest ?? 'on_air' } : status;
}

/** The machine's snapshot for a stream in `status` (no actor is started). */
export const livestreamSnapshot = (status: LivestreamStatus, ingest: LivestreamIngestState | null = null) =>
  livestreamMachine.resolveState({ value: livestreamStateValue(status, ingest) });

/** Whether a stream in `status` (and ingest state) accepts the command or signal. */
export const livestreamAccepts = (
  status: LivestreamStatus,
  command: LivestreamCommandType,
  ingest: LivestreamIngestState | null = null,
): boolean => livestreamSnapshot(status, ingest).can({ type: command });

/** The commands people may send to a stream in `status`, in `livestreamUserCommandTypes` order. */
export const acceptedLivestreamCommands = (
  status: LivestreamStatus,
  ingest: LivestreamIngestState | null = null,
): (typeof livestreamUserCommandTypes)[number][] =>
  livestreamUserCommandTypes.filter((command) => livestreamAccepts(status, command, ingest));

/** Status and ingest state read back from a snapshot's value. */
export function livestreamStatusOf(value: unknown): { status: LivestreamStatus; ingest: LivestreamIngestState | null } {
  if (typeof value === 'string') return { status: value as LivestreamStatus, ingest: null };
  const live = (value as { live: LivestreamIngestState }).live;
  return { status: 'live', ingest: live };
}

/**
 * The status (and ingest state) after the command, or a 409 ILLEGAL_TRANSITION (carrying the
 * current status) when the machine does not accept it.
 */
export function livestreamTransition(
  status: LivestreamStatus,
  ingest: LivestreamIngestState | null,
  command: LivestreamCommandType,
): { status: LivestreamStatus; ingest: LivestreamIngestState | null } {
  const snapshot = livestreamSnapshot(status, ingest);
  if (!snapshot.can({ type: command })) {
    throw new DomainError(
      'conflict',
      'ILLEGAL_TRANSITION',
      `A ${status === 'live' && ingest === 'interrupted' ? 'live (interrupted)' : status} livestream does not accept ${command}`,
      { status },
    );
  }
  return livestreamStatusOf(getNextSnapshot(livestreamMachine, snapshot, { type: command }).value);
}
