import { formatPosition } from '@sideline/infra';
import type { ProjectorSlot } from './projector-slot.ts';
import { projectionsSubject, type ProjectionReport } from './progress.ts';
import type { ReadModelChanges } from './read-model-changes.ts';
import type { ProjectionRunnerOptions } from './runner-context.ts';

/**
 * The projectors' positions, and what the batches that reached them changed (response caches
 * drop those answers): told to this process's progress at once, and to the others over the bus.
 */
export class ProgressAnnouncer {
  /** Progress reported in this process and not yet published on the bus (see `announce`). */
  private readonly unannounced: ProjectionReport[] = [];

  constructor(private readonly options: Pick<ProjectionRunnerOptions, 'bus' | 'progress'>) {}

  /** Tells this process at once; the bus hears it with the next `announce`. */
  report(slot: ProjectorSlot, changes?: ReadModelChanges): void {
    this.options.progress?.report(slot.projector.name, slot.position, changes);
    this.unannounced.push({
      name: slot.projector.name,
      position: formatPosition(slot.position),
      ...(changes ? { changes } : {}),
    });
  }

  /** Publishes the reports since the last call in one bus message (after the batch's notices). */
  announce(): void {
    if (this.unannounced.length === 0) return;
    const reports = this.unannounced.splice(0);
    void this.options.bus.publish(projectionsSubject, { reports });
  }
}
