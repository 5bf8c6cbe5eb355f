/** The lifecycle's names, without XState: schemas and the socket protocol import these alone. */

/** The statuses a livestream shows (spec part 2 §4). */
export const livestreamStatuses = ['scheduled', 'live', 'ended', 'cancelled'] as const;
export type LivestreamStatus = (typeof livestreamStatuses)[number];

/**
 * While live, whether the publisher (OBS, ffmpeg) is connected: `on_air`, or `interrupted` when
 * its connection dropped without a clean end and it may still come back within the grace period.
 */
export const livestreamIngestStates = ['on_air', 'interrupted'] as const;
export type LivestreamIngestState = (typeof livestreamIngestStates)[number];

/**
 * Every command and ingest signal a livestream's stream can receive after ScheduleLivestream,
 * by name. Commands come from people (HTTP); signals from the RTMP ingest.
 *
 * - `ConnectPublisher`: an RTMP publish with the stream's key asks to connect (checked at connect).
 * - `PublishStarted`: the publish is on (first time: the stream goes live; after a drop: it resumes).
 * - `PublishDropped`: the publisher's connection was lost without a clean end.
 * - `PublishEnded`: the publisher ended the publish cleanly (deleteStream / FCUnpublish).
 * - `GraceExpired`: a dropped publisher did not come back within the grace period.
 * - `SaveRecording`: the ended stream's recording was stored in the team's Media Hub.
 * - `TeamGone`: the stream's team was deleted while it was live: the publish is cut off and the
 *   stream ends.
 */
export const livestreamCommandTypes = [
  'CancelLivestream',
  'EndLivestream',
  'RotateStreamKey',
  'SendChatMessage',
  'ConnectPublisher',
  'PublishStarted',
  'PublishDropped',
  'PublishEnded',
  'GraceExpired',
  'SaveRecording',
  'TeamGone',
] as const;
export type LivestreamCommandType = (typeof livestreamCommandTypes)[number];
export type LivestreamMachineEvent = { type: LivestreamCommandType };

/** The commands people send (the web shows buttons only for those allowed). */
export const livestreamUserCommandTypes = [
  'CancelLivestream',
  'EndLivestream',
  'RotateStreamKey',
  'SendChatMessage',
] as const satisfies readonly LivestreamCommandType[];
