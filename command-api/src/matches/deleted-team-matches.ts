import { matchDecider, matchStream, teamStream, type MatchCommand, type TeamDeleted } from '@sideline/domain';
import type { RecordedEvent } from '@sideline/infra';
import { deletedTeamsWithOpenMatches, openMatchIdsOfTeam } from '@sideline/projections';
import type { FeatureContext } from '../shared/feature-context.ts';

type Context = Pick<FeatureContext, 'db' | 'eventStore' | 'handle' | 'logger'>;

/** The team's TeamDeleted, if it was deleted. */
async function deletionOf(ctx: Context, teamId: string): Promise<RecordedEvent | null> {
  const events = await ctx.eventStore.readStream(teamStream(teamId));
  for (let i = events.length - 1; i >= 0; i--) if (events[i]!.type === 'TeamDeleted') return events[i]!;
  return null;
}

/**
 * What a team's deletion does to its matches: each one still scheduled or in progress is
 * cancelled (CancelMatchOfDeletedTeam, caused by the TeamDeleted and sent as the admin who
 * deleted the team), so the other team's families see it called off and no one can start it.
 * Completed matches stay as they are: a result against a team that still exists is that team's
 * history. Safe to run again, from any process: a match cancelled or completed meanwhile is left
 * alone, and writes to one match from two processes are settled by its stream's revision.
 * `waitForReads`: answer only once the read models show the cancellations.
 */
export async function cancelMatchesOfDeletedTeam(ctx: Context, teamId: string, waitForReads = true): Promise<number> {
  const deletion = await deletionOf(ctx, teamId);
  if (!deletion) return 0;
  const { by } = deletion.data as TeamDeleted['data'];
  const matchIds = await openMatchIdsOfTeam(ctx.db, teamId);
  const results = await Promise.all(
    matchIds.map((matchId) => {
      const command: MatchCommand = {
        type: 'CancelMatchOfDeletedTeam',
        data: { matchId, teamId, by, at: new Date().toISOString() },
      };
      return ctx.handle(
        matchDecider,
        matchStream(matchId),
        command,
        { actorId: by, correlationId: deletion.metadata.correlationId, causationId: deletion.id },
        waitForReads ? {} : { waitFor: null },
      );
    }),
  );
  return results.filter((r) => r.events.length > 0).length;
}

/**
 * Finishes the deletions whose matches were not all cancelled, as when a process stopped between
 * the deletion and its cancellations. Run at start-up.
 */
export async function finishDeletedTeamsMatches(ctx: Context): Promise<void> {
  for (const teamId of await deletedTeamsWithOpenMatches(ctx.db)) {
    const cancelled = await cancelMatchesOfDeletedTeam(ctx, teamId, false);
    if (cancelled > 0) ctx.logger.info({ teamId, cancelled }, 'cancelled the matches of a deleted team left open');
  }
}
