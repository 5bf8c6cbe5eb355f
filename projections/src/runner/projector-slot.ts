import { START, type Position } from '@sideline/infra';
import type { Projector } from './projector.ts';

export interface ProjectorStatus {
  name: string;
  position: string;
  /** `standby`: another process leads the projections; this one takes over when it dies. */
  state: 'starting' | 'running' | 'standby' | 'failed' | 'stopped';
  lastEventAt: string | null;
  error: string | null;
}

/** A projector as the runner tracks it: how far it got, how far that is stored, and its state. */
export interface ProjectorSlot {
  projector: Projector;
  handles: Set<string>;
  position: Position;
  persisted: Position;
  state: ProjectorStatus['state'];
  lastEventAt: string | null;
  error: string | null;
  /** Events of the current term this projector is done with (applied, or passed over). */
  done: number;
}

export function createSlot(projector: Projector): ProjectorSlot {
  return {
    projector,
    handles: new Set(projector.handles),
    position: START,
    persisted: START,
    state: 'starting',
    lastEventAt: null,
    error: null,
    done: 0,
  };
}
