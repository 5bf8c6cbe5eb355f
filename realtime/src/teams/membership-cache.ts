/**
 * Which teams each connected user belongs to, loaded once and then kept current by the user's
 * `membership` notices (the teams projector publishes one after committing a membership
 * change): a client repeating join_teams, on one socket or a thousand, costs no query.
 *
 * Entries are promises, so concurrent joins of one user share one load. `evict` drops an entry
 * at once: a join that arrives after the notice loads afresh, while loads already in flight
 * finish for the joins that were waiting on them (and are then forgotten).
 */
export class MembershipCache {
  private readonly entries = new Map<string, Promise<ReadonlySet<string>>>();

  constructor(private readonly load: (userId: string) => Promise<string[]>) {}

  teamsOf(userId: string): Promise<ReadonlySet<string>> {
    const cached = this.entries.get(userId);
    if (cached) return cached;
    const loading = this.load(userId).then((teamIds) => new Set(teamIds));
    this.entries.set(userId, loading);
    // A failed load is not remembered: the next join tries again.
    loading.catch(() => {
      if (this.entries.get(userId) === loading) this.entries.delete(userId);
    });
    return loading;
  }

  /** The user's memberships changed, or they have no socket left here. */
  evict(userId: string): void {
    this.entries.delete(userId);
  }

  /** Notices may have been lost (the bus reconnected): load everyone afresh. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
