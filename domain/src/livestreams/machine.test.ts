import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import {
  acceptedLivestreamCommands,
  livestreamAccepts,
  livestreamCommandTypes,
  livestreamMachine,
  livestreamTransition,
  type LivestreamCommandType,
  type LivestreamIngestState,
  type LivestreamStatus,
} from './machine.ts';

type Where = { status: LivestreamStatus; ingest: LivestreamIngestState | null };
const at = (status: LivestreamStatus, ingest: LivestreamIngestState | null = null): Where => ({ status, ingest });
const key = (w: Where) => (w.ingest ? `${w.status}.${w.ingest}` : w.status);

/** Every legal transition: state → command → next state. Anything not listed is illegal. */
const legal: Record<string, Partial<Record<LivestreamCommandType, Where>>> = {
  scheduled: {
    ConnectPublisher: at('scheduled'),
    PublishStarted: at('live', 'on_air'),
    CancelLivestream: at('cancelled'),
    RotateStreamKey: at('scheduled'),
  },
  'live.on_air': {
    EndLivestream: at('ended'),
    PublishDropped: at('live', 'interrupted'),
    PublishEnded: at('ended'),
    RotateStreamKey: at('live', 'on_air'),
    SendChatMessage: at('live', 'on_air'),
    TeamGone: at('ended'),
  },
  'live.interrupted': {
    EndLivestream: at('ended'),
    ConnectPublisher: at('live', 'interrupted'),
    PublishStarted: at('live', 'on_air'),
    GraceExpired: at('ended'),
    PublishEnded: at('ended'),
    RotateStreamKey: at('live', 'interrupted'),
    SendChatMessage: at('live', 'interrupted'),
    TeamGone: at('ended'),
  },
  ended: { SaveRecording: at('ended') },
  cancelled: {},
};

const states: Where[] = [
  at('scheduled'),
  at('live', 'on_air'),
  at('live', 'interrupted'),
  at('ended'),
  at('cancelled'),
];

describe('livestream lifecycle machine', () => {
  for (const where of states) {
    for (const command of livestreamCommandTypes) {
      const next = legal[key(where)]![command];
      if (next) {
        it(`${key(where)} + ${command} → ${key(next)}`, () => {
          expect(livestreamAccepts(where.status, command, where.ingest)).toBe(true);
          expect(livestreamTransition(where.status, where.ingest, command)).toEqual(next);
        });
      } else {
        it(`${key(where)} refuses ${command} with ILLEGAL_TRANSITION`, () => {
          expect(livestreamAccepts(where.status, command, where.ingest)).toBe(false);
          let error: unknown;
          try {
            livestreamTransition(where.status, where.ingest, command);
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(DomainError);
          expect(error).toMatchObject({
            kind: 'conflict',
            code: 'ILLEGAL_TRANSITION',
            details: { status: where.status },
          });
        });
      }
    }
  }

  it('lists the commands people may send per state (what the web shows as buttons)', () => {
    expect(acceptedLivestreamCommands('scheduled')).toEqual(['CancelLivestream', 'RotateStreamKey']);
    expect(acceptedLivestreamCommands('live')).toEqual(['EndLivestream', 'RotateStreamKey', 'SendChatMessage']);
    expect(acceptedLivestreamCommands('ended')).toEqual([]);
    expect(acceptedLivestreamCommands('cancelled')).toEqual([]);
  });

  it('runs as an actor too (as @xstate/react drives it): a drop and a resume, then a clean end', () => {
    const actor = createActor(livestreamMachine).start();
    actor.send({ type: 'SendChatMessage' }); // ignored while scheduled
    expect(actor.getSnapshot().value).toBe('scheduled');
    actor.send({ type: 'PublishStarted' });
    expect(actor.getSnapshot().value).toEqual({ live: 'on_air' });
    actor.send({ type: 'PublishDropped' });
    expect(actor.getSnapshot().value).toEqual({ live: 'interrupted' });
    expect(actor.getSnapshot().matches('live')).toBe(true);
    actor.send({ type: 'PublishStarted' });
    expect(actor.getSnapshot().value).toEqual({ live: 'on_air' });
    actor.send({ type: 'PublishEnded' });
    expect(actor.getSnapshot().value).toBe('ended');
    actor.stop();
  });
});
