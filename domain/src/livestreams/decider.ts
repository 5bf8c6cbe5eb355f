import { Set as ImmutableSet } from 'immutable';
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { LivestreamCommand } from './commands.ts';
import type { LivestreamEvent } from './events.ts';
import {
  livestreamTransition,
  type LivestreamCommandType,
  type LivestreamIngestState,
  type LivestreamStatus,
} from './machine.ts';

/** One livestream's stream folded. */
export interface LivestreamState {
  stream: {
    livestreamId: string;
    teamId: string;
    allowChat: boolean;
    recordStream: boolean;
  } | null;
  status: LivestreamStatus;
  ingest: LivestreamIngestState | null;
  /** Every chat message id posted: a retried send posts nothing twice. */
  messageIds: ImmutableSet<string>;
  recordingMediaId: string | null;
}

export const emptyLivestreamState: LivestreamState = {
  stream: null,
  status: 'scheduled',
  ingest: null,
  messageIds: ImmutableSet(),
  recordingMediaId: null,
};

const notFound = () => new DomainError('not_found', 'LIVESTREAM_NOT_FOUND', 'Livestream not found');

function requireStream(state: LivestreamState) {
  if (!state.stream) throw notFound();
  return state.stream;
}

/** The stream exists and the machine accepts the command (or signal) in its current state. */
function admit(state: LivestreamState, command: LivestreamCommandType) {
  const stream = requireStream(state);
  livestreamTransition(state.status, state.ingest, command);
  return { livestreamId: stream.livestreamId, teamId: stream.teamId };
}

export const livestreamDecider: Decider<LivestreamCommand, LivestreamEvent, LivestreamState> = {
  initialState: emptyLivestreamState,

  decide(command, state) {
    switch (command.type) {
      case 'ScheduleLivestream': {
        const d = command.data;
        if (state.stream) return []; // the same id again: a retried create
        return [
          {
            type: 'LivestreamScheduled',
            data: {
              livestreamId: d.livestreamId,
              teamId: d.teamId,
              at: d.at,
              orgId: d.orgId,
              title: d.title,
              description: d.description,
              streamType: d.streamType,
              scheduledStartTime: d.scheduledStartTime,
              isPublic: d.isPublic,
              allowChat: d.allowChat,
              recordStream: d.recordStream,
              keyHint: d.keyHint,
              by: d.by,
            },
          },
        ];
      }

      case 'CancelLivestream': {
        const base = admit(state, command.type);
        return [{ type: 'LivestreamCancelled', data: { ...base, at: command.data.at, by: command.data.by } }];
      }

      case 'EndLivestream': {
        const base = admit(state, command.type);
        const d = command.data;
        return [
          {
            type: 'LivestreamEnded',
            data: { ...base, at: d.at, reason: 'ended_by_manager', by: d.by, maxViewers: d.maxViewers },
          },
        ];
      }

      case 'RotateStreamKey': {
        const base = admit(state, command.type);
        const d = command.data;
        return [{ type: 'StreamKeyRotated', data: { ...base, at: d.at, keyHint: d.keyHint, by: d.by } }];
      }

      case 'SendChatMessage': {
        const stream = requireStream(state);
        const d = command.data;
        if (!d.canRead) throw notFound();
        if (state.messageIds.has(d.messageId)) return []; // a retried send
        if (!stream.allowChat) {
          throw new DomainError('conflict', 'CHAT_DISABLED', 'Chat is turned off for this livestream');
        }
        const base = admit(state, command.type);
        const message = d.message.trim();
        if (!message) throw new DomainError('invalid', 'MESSAGE_REQUIRED', 'Message is required');
        return [
          {
            type: 'LivestreamChatMessagePosted',
            data: { ...base, at: d.at, messageId: d.messageId, userId: d.by, message },
          },
        ];
      }

      case 'ConnectPublisher': {
        // Only a check at connect: a key of an ended, cancelled or already-publishing stream is refused.
        admit(state, command.type);
        return [];
      }

      case 'PublishStarted': {
        const base = admit(state, command.type);
        const d = command.data;
        return state.status === 'scheduled'
          ? [{ type: 'LivestreamStarted', data: { ...base, at: d.at, sessionId: d.sessionId } }]
          : [{ type: 'LivestreamResumed', data: { ...base, at: d.at, sessionId: d.sessionId } }];
      }

      case 'PublishDropped': {
        const base = admit(state, command.type);
        return [
          { type: 'LivestreamInterrupted', data: { ...base, at: command.data.at, sessionId: command.data.sessionId } },
        ];
      }

      case 'PublishEnded':
      case 'GraceExpired':
      case 'TeamGone': {
        const base = admit(state, command.type);
        const d = command.data;
        return [
          {
            type: 'LivestreamEnded',
            data: {
              ...base,
              at: d.at,
              reason:
                command.type === 'PublishEnded'
                  ? 'publisher_stopped'
                  : command.type === 'GraceExpired'
                    ? 'publisher_lost'
                    : 'team_deleted',
              by: null,
              maxViewers: d.maxViewers,
            },
          },
        ];
      }

      case 'SaveRecording': {
        const stream = requireStream(state);
        if (state.recordingMediaId === command.data.mediaId) return []; // retried
        const base = admit(state, command.type);
        if (!stream.recordStream) {
          throw new DomainError('conflict', 'NOT_RECORDED', 'This livestream is not recorded');
        }
        if (state.recordingMediaId) {
          throw new DomainError('conflict', 'RECORDING_EXISTS', 'The recording is already saved');
        }
        const d = command.data;
        return [
          {
            type: 'LivestreamRecordingSaved',
            data: { ...base, at: d.at, mediaId: d.mediaId, durationSeconds: d.durationSeconds },
          },
        ];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'LivestreamScheduled': {
        const d = event.data;
        return {
          ...state,
          stream: {
            livestreamId: d.livestreamId,
            teamId: d.teamId,
            allowChat: d.allowChat,
            recordStream: d.recordStream,
          },
          status: 'scheduled',
          ingest: null,
        };
      }
      case 'LivestreamCancelled':
        return { ...state, status: 'cancelled', ingest: null };
      case 'StreamKeyRotated':
        return state;
      case 'LivestreamStarted':
      case 'LivestreamResumed':
        return { ...state, status: 'live', ingest: 'on_air' };
      case 'LivestreamInterrupted':
        return { ...state, status: 'live', ingest: 'interrupted' };
      case 'LivestreamEnded':
        return { ...state, status: 'ended', ingest: null };
      case 'LivestreamChatMessagePosted':
        return { ...state, messageIds: state.messageIds.add(event.data.messageId) };
      case 'LivestreamRecordingSaved':
        return { ...state, recordingMediaId: event.data.mediaId };
    }
  },
};
