import type { LivestreamType } from './schemas.ts';

export const livestreamStream = (livestreamId: string) => `livestream-${livestreamId}`;

/** Every livestream event names its stream and team, so each one reads on its own. */
interface LivestreamEventBase {
  livestreamId: string;
  teamId: string;
  at: string;
}

/** `team_deleted`: an admin deleted the stream's team while it was live. */
export type LivestreamEndReason = 'publisher_stopped' | 'publisher_lost' | 'ended_by_manager' | 'team_deleted';

export type LivestreamScheduled = {
  type: 'LivestreamScheduled';
  data: LivestreamEventBase & {
    orgId: string | null;
    title: string;
    description: string | null;
    streamType: LivestreamType;
    scheduledStartTime: string | null;
    isPublic: boolean;
    allowChat: boolean;
    recordStream: boolean;
    /** The last 4 characters of the stream key (the key itself is a secret, stored hashed elsewhere). */
    keyHint: string;
    by: string;
  };
};

export type LivestreamCancelled = { type: 'LivestreamCancelled'; data: LivestreamEventBase & { by: string } };

export type StreamKeyRotated = {
  type: 'StreamKeyRotated';
  data: LivestreamEventBase & { keyHint: string; by: string };
};

/** The first publish went on air. */
export type LivestreamStarted = { type: 'LivestreamStarted'; data: LivestreamEventBase & { sessionId: string } };
/** The publisher's connection dropped without a clean end; it may come back within the grace period. */
export type LivestreamInterrupted = {
  type: 'LivestreamInterrupted';
  data: LivestreamEventBase & { sessionId: string };
};
/** A publisher came back within the grace period. */
export type LivestreamResumed = { type: 'LivestreamResumed'; data: LivestreamEventBase & { sessionId: string } };

export type LivestreamEnded = {
  type: 'LivestreamEnded';
  data: LivestreamEventBase & {
    reason: LivestreamEndReason;
    /** The manager who ended it, or null when the ingest did. */
    by: string | null;
    /** Peak concurrent viewers over the stream's life. */
    maxViewers: number;
  };
};

export type LivestreamChatMessagePosted = {
  type: 'LivestreamChatMessagePosted';
  data: LivestreamEventBase & { messageId: string; userId: string; message: string };
};

/** The ended stream's recording is in the team's Media Hub as video `mediaId`. */
export type LivestreamRecordingSaved = {
  type: 'LivestreamRecordingSaved';
  data: LivestreamEventBase & { mediaId: string; durationSeconds: number };
};

export type LivestreamEvent =
  | LivestreamScheduled
  | LivestreamCancelled
  | StreamKeyRotated
  | LivestreamStarted
  | LivestreamInterrupted
  | LivestreamResumed
  | LivestreamEnded
  | LivestreamChatMessagePosted
  | LivestreamRecordingSaved;

export const livestreamEventTypes = [
  'LivestreamScheduled',
  'LivestreamCancelled',
  'StreamKeyRotated',
  'LivestreamStarted',
  'LivestreamInterrupted',
  'LivestreamResumed',
  'LivestreamEnded',
  'LivestreamChatMessagePosted',
  'LivestreamRecordingSaved',
] as const satisfies readonly LivestreamEvent['type'][];
