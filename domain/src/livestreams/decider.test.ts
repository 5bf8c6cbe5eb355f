import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import type { LivestreamCommand } from './commands.ts';
import { livestreamDecider, type LivestreamState } from './decider.ts';
import type { LivestreamEvent } from './events.ts';
import { createLivestreamInputSchema, livestreamChatInputSchema } from './schemas.ts';

const T0 = '2026-05-02T10:00:00.000Z';
const at = (s: number) => new Date(Date.parse(T0) + s * 1000).toISOString();
const managed = (s = 0) => ({ livestreamId: 'l1', by: 'coach', at: at(s) });
const ingest = (s = 0) => ({ livestreamId: 'l1', by: 'ingest', at: at(s) });

const schedule = (
  overrides: Partial<Extract<LivestreamCommand, { type: 'ScheduleLivestream' }>['data']> = {},
): LivestreamCommand => ({
  type: 'ScheduleLivestream',
  data: {
    ...managed(-60),
    teamId: 't1',
    orgId: null,
    title: 'Saturday match',
    description: null,
    streamType: 'match',
    scheduledStartTime: null,
    isPublic: false,
    allowChat: true,
    recordStream: true,
    keyHint: 'abcd',
    ...overrides,
  },
});
const connect = (s = 0): LivestreamCommand => ({ type: 'ConnectPublisher', data: ingest(s) });
const started = (s = 0, sessionId = 'p1'): LivestreamCommand => ({
  type: 'PublishStarted',
  data: { ...ingest(s), sessionId },
});
const dropped = (s = 0, sessionId = 'p1'): LivestreamCommand => ({
  type: 'PublishDropped',
  data: { ...ingest(s), sessionId },
});
const ended = (s = 0, maxViewers = 3): LivestreamCommand => ({
  type: 'PublishEnded',
  data: { ...ingest(s), sessionId: 'p1', maxViewers },
});
const graceExpired = (s = 0): LivestreamCommand => ({ type: 'GraceExpired', data: { ...ingest(s), maxViewers: 1 } });
const teamGone = (s = 0): LivestreamCommand => ({ type: 'TeamGone', data: { ...ingest(s), maxViewers: 5 } });
const cancel = (): LivestreamCommand => ({ type: 'CancelLivestream', data: managed(0) });
const end = (): LivestreamCommand => ({
  type: 'EndLivestream',
  data: { ...managed(30), maxViewers: 2 },
});
const rotate = (keyHint = 'wxyz'): LivestreamCommand => ({
  type: 'RotateStreamKey',
  data: { ...managed(5), keyHint },
});
const chat = (messageId: string, message = ' Go team! ', canRead = true): LivestreamCommand => ({
  type: 'SendChatMessage',
  data: { livestreamId: 'l1', by: 'parent', at: at(10), canRead, messageId, message },
});
const saveRecording = (mediaId = 'm1'): LivestreamCommand => ({
  type: 'SaveRecording',
  data: { ...ingest(100), mediaId, durationSeconds: 42.5 },
});

/** Runs commands through the decider from nothing, returning every event (the real history). */
function history(...commands: LivestreamCommand[]): LivestreamEvent[] {
  const events: LivestreamEvent[] = [];
  let state: LivestreamState = livestreamDecider.initialState;
  for (const command of commands) {
    const emitted = livestreamDecider.decide(command, state);
    for (const e of emitted) state = livestreamDecider.evolve(state, e);
    events.push(...emitted);
  }
  return events;
}

const base = { livestreamId: 'l1', teamId: 't1' };
const scheduledEvent: LivestreamEvent = {
  type: 'LivestreamScheduled',
  data: {
    ...base,
    at: at(-60),
    orgId: null,
    title: 'Saturday match',
    description: null,
    streamType: 'match',
    scheduledStartTime: null,
    isPublic: false,
    allowChat: true,
    recordStream: true,
    keyHint: 'abcd',
    by: 'coach',
  },
};

describe('livestream decider: schedule', () => {
  it('given nothing, when a coach schedules a stream, then it is scheduled', () => {
    given(livestreamDecider).when(schedule()).then([scheduledEvent]);
  });
  it('records nothing for a retried create', () => {
    given(livestreamDecider, [scheduledEvent]).when(schedule()).then([]);
  });
  it('refuses commands on a stream that does not exist', () => {
    given(livestreamDecider).when(cancel()).thenRefuses('LIVESTREAM_NOT_FOUND');
    given(livestreamDecider).when(connect()).thenRefuses('LIVESTREAM_NOT_FOUND');
  });
});

describe('livestream decider: ingest', () => {
  it('accepts a publisher at connect while scheduled, goes live on publish', () => {
    given(livestreamDecider, [scheduledEvent]).when(connect()).then([]);
    given(livestreamDecider, [scheduledEvent])
      .when(started(1))
      .then([{ type: 'LivestreamStarted', data: { ...base, at: at(1), sessionId: 'p1' } }]);
  });

  it('refuses a second publisher while on air, and any publisher once ended or cancelled', () => {
    given(livestreamDecider, history(schedule(), started())).when(connect()).thenRefuses('ILLEGAL_TRANSITION');
    given(livestreamDecider, history(schedule(), started(), ended()))
      .when(connect())
      .thenRefuses('ILLEGAL_TRANSITION');
    given(livestreamDecider, history(schedule(), cancel())).when(connect()).thenRefuses('ILLEGAL_TRANSITION');
  });

  it('a dropped publish is interrupted, may reconnect and resumes', () => {
    const past = history(schedule(), started(1), dropped(20));
    expect(past.at(-1)).toEqual({ type: 'LivestreamInterrupted', data: { ...base, at: at(20), sessionId: 'p1' } });
    given(livestreamDecider, past).when(connect(22)).then([]);
    given(livestreamDecider, past)
      .when(started(22, 'p2'))
      .then([{ type: 'LivestreamResumed', data: { ...base, at: at(22), sessionId: 'p2' } }]);
  });

  it('ends on a clean end of the publish, or when a dropped publisher does not return in time', () => {
    given(livestreamDecider, history(schedule(), started(1)))
      .when(ended(60, 4))
      .then([
        {
          type: 'LivestreamEnded',
          data: { ...base, at: at(60), reason: 'publisher_stopped', by: null, maxViewers: 4 },
        },
      ]);
    given(livestreamDecider, history(schedule(), started(1), dropped(20)))
      .when(graceExpired(50))
      .then([
        { type: 'LivestreamEnded', data: { ...base, at: at(50), reason: 'publisher_lost', by: null, maxViewers: 1 } },
      ]);
    given(livestreamDecider, history(schedule(), started(1)))
      .when(graceExpired(50))
      .thenRefuses('ILLEGAL_TRANSITION');
  });

  it('ends a live stream (on air or interrupted) whose team was deleted; a stream that is not live is left as it is', () => {
    const expected: LivestreamEvent[] = [
      { type: 'LivestreamEnded', data: { ...base, at: at(70), reason: 'team_deleted', by: null, maxViewers: 5 } },
    ];
    given(livestreamDecider, history(schedule(), started(1)))
      .when(teamGone(70))
      .then(expected);
    given(livestreamDecider, history(schedule(), started(1), dropped(20)))
      .when(teamGone(70))
      .then(expected);
    given(livestreamDecider, [scheduledEvent]).when(teamGone(70)).thenRefuses('ILLEGAL_TRANSITION');
    given(livestreamDecider, history(schedule(), started(1), ended(60)))
      .when(teamGone(70))
      .thenRefuses('ILLEGAL_TRANSITION');
  });

  it('stores the recording once, only for an ended recorded stream', () => {
    const done = history(schedule(), started(1), ended(60));
    given(livestreamDecider, done)
      .when(saveRecording())
      .then([
        { type: 'LivestreamRecordingSaved', data: { ...base, at: at(100), mediaId: 'm1', durationSeconds: 42.5 } },
      ]);
    given(livestreamDecider, [...done, ...history(schedule(), started(1), ended(60), saveRecording()).slice(-1)])
      .when(saveRecording())
      .then([]);
    given(livestreamDecider, history(schedule(), started(1)))
      .when(saveRecording())
      .thenRefuses('ILLEGAL_TRANSITION');
    given(livestreamDecider, history(schedule({ recordStream: false }), started(1), ended(60)))
      .when(saveRecording())
      .thenRefuses('NOT_RECORDED');
  });
});

describe('livestream decider: people', () => {
  it('a manager cancels a scheduled stream, not a live one', () => {
    given(livestreamDecider, [scheduledEvent])
      .when(cancel())
      .then([{ type: 'LivestreamCancelled', data: { ...base, at: at(0), by: 'coach' } }]);
    given(livestreamDecider, history(schedule(), started())).when(cancel()).thenRefuses('ILLEGAL_TRANSITION');
  });

  it('a manager ends a live stream (on air or interrupted), not a scheduled one', () => {
    const expected: LivestreamEvent[] = [
      {
        type: 'LivestreamEnded',
        data: { ...base, at: at(30), reason: 'ended_by_manager', by: 'coach', maxViewers: 2 },
      },
    ];
    given(livestreamDecider, history(schedule(), started())).when(end()).then(expected);
    given(livestreamDecider, history(schedule(), started(), dropped()))
      .when(end())
      .then(expected);
    given(livestreamDecider, [scheduledEvent]).when(end()).thenRefuses('ILLEGAL_TRANSITION');
  });

  it('rotates the key until the stream is over', () => {
    given(livestreamDecider, [scheduledEvent])
      .when(rotate())
      .then([{ type: 'StreamKeyRotated', data: { ...base, at: at(5), keyHint: 'wxyz', by: 'coach' } }]);
    given(livestreamDecider, history(schedule(), started(), ended()))
      .when(rotate())
      .thenRefuses('ILLEGAL_TRANSITION');
  });

  it('posts chat messages (trimmed, once per id) only while live and only when chat is on', () => {
    const live = history(schedule(), started());
    given(livestreamDecider, live)
      .when(chat('c1'))
      .then([
        {
          type: 'LivestreamChatMessagePosted',
          data: { ...base, at: at(10), messageId: 'c1', userId: 'parent', message: 'Go team!' },
        },
      ]);
    given(livestreamDecider, history(schedule(), started(), chat('c1')))
      .when(chat('c1'))
      .then([]);
    given(livestreamDecider, [scheduledEvent]).when(chat('c1')).thenRefuses('ILLEGAL_TRANSITION');
    given(livestreamDecider, history(schedule({ allowChat: false }), started()))
      .when(chat('c1'))
      .thenRefuses('CHAT_DISABLED');
    given(livestreamDecider, live)
      .when(chat('c1', 'hi', false))
      .thenRefuses('LIVESTREAM_NOT_FOUND');
  });
});

describe('livestream schemas', () => {
  it('applies the form defaults of spec §2 and §5', () => {
    expect(createLivestreamInputSchema.parse({ teamId: 't1', title: ' Final ' })).toEqual({
      teamId: 't1',
      title: 'Final',
      description: null,
      streamType: 'match',
      scheduledStartTime: null,
      isPublic: false,
      allowChat: true,
      recordStream: true,
    });
    expect(
      createLivestreamInputSchema.parse({ teamId: 't1', title: 'x', scheduledStartTime: '2026-05-02T12:00:00+02:00' })
        .scheduledStartTime,
    ).toBe('2026-05-02T10:00:00.000Z');
  });
  it('refuses a missing title, a bad type, NUL and an empty chat message', () => {
    const r = createLivestreamInputSchema.safeParse({ teamId: 't1', title: '  ', streamType: 'concert' });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['title', 'streamType']));
    expect(createLivestreamInputSchema.safeParse({ teamId: 't1', title: 'a\u0000b' }).success).toBe(false);
    expect(livestreamChatInputSchema.safeParse({ message: '   ' }).success).toBe(false);
  });
});
