import type { LivestreamType } from './schemas.ts';

/**
 * Every livestream command carries who sends it (`by`: a user id, or 'ingest' for the RTMP
 * server's signals) and the caller's clock (`at`: deciders read no clock). Only a manager (coach
 * or creator of the team, or an admin of its organization: canManageTeam) may schedule, cancel,
 * end or rotate: the caller checks that on the read models before it sends (ADR 0028), so the
 * commands carry no permission flag.
 */
interface Sent {
  livestreamId: string;
  by: string;
  at: string;
}

export type ScheduleLivestream = {
  type: 'ScheduleLivestream';
  data: Sent & {
    teamId: string;
    orgId: string | null;
    title: string;
    description: string | null;
    streamType: LivestreamType;
    scheduledStartTime: string | null;
    isPublic: boolean;
    allowChat: boolean;
    recordStream: boolean;
    keyHint: string;
  };
};
export type CancelLivestream = { type: 'CancelLivestream'; data: Sent };
export type EndLivestream = { type: 'EndLivestream'; data: Sent & { maxViewers: number } };
export type RotateStreamKey = { type: 'RotateStreamKey'; data: Sent & { keyHint: string } };
/** `canRead`: the sender may see the stream (a member of its team). */
export type SendChatMessage = {
  type: 'SendChatMessage';
  data: Sent & { canRead: boolean; messageId: string; message: string };
};

export type ConnectPublisher = { type: 'ConnectPublisher'; data: Sent };
export type PublishStarted = { type: 'PublishStarted'; data: Sent & { sessionId: string } };
export type PublishDropped = { type: 'PublishDropped'; data: Sent & { sessionId: string } };
export type PublishEnded = { type: 'PublishEnded'; data: Sent & { sessionId: string; maxViewers: number } };
export type GraceExpired = { type: 'GraceExpired'; data: Sent & { maxViewers: number } };
/** The stream's team was deleted while it was live (the ingest cut the publish off). */
export type TeamGone = { type: 'TeamGone'; data: Sent & { maxViewers: number } };
export type SaveRecording = { type: 'SaveRecording'; data: Sent & { mediaId: string; durationSeconds: number } };

export type LivestreamCommand =
  | ScheduleLivestream
  | CancelLivestream
  | EndLivestream
  | RotateStreamKey
  | SendChatMessage
  | ConnectPublisher
  | PublishStarted
  | PublishDropped
  | PublishEnded
  | GraceExpired
  | TeamGone
  | SaveRecording;
