/**
 * When each team last had a "this changed" frame, for the last `windowMs`: a socket that joins a
 * team is told which of its teams changed just before, so that a page whose reads were answered
 * before such a change (while it loaded, before its socket had joined) fetches them again. A
 * frame sent then reached no socket of that page.
 */
export class RecentTeamChanges {
  private readonly changedAt = new Map<string, number>();

  constructor(
    private readonly windowMs = 60_000,
    private readonly maxTeams = 100_000,
  ) {}

  record(teamId: string, at: number): void {
    this.changedAt.delete(teamId);
    this.changedAt.set(teamId, at);
    // The map is in order of change: the oldest go first, by age or beyond the bound.
    for (const [oldest, time] of this.changedAt) {
      if (time > at - this.windowMs && this.changedAt.size <= this.maxTeams) break;
      this.changedAt.delete(oldest);
    }
  }

  /** The teams of `teamIds` that changed within the window, with when (epoch ms). */
  of(teamIds: Iterable<string>, now: number): Record<string, number> {
    const changed: Record<string, number> = {};
    for (const teamId of teamIds) {
      const at = this.changedAt.get(teamId);
      if (at !== undefined && at > now - this.windowMs) changed[teamId] = at;
    }
    return changed;
  }
}
