import type { RecordedEvent } from '@sideline/infra';

/**
 * What a projector's batch changed, as response caches see it: the teams and users whose
 * read-model rows it may have written, or `everything` when it cannot say.
 */
export type ReadModelChanges =
  | {
      readonly teams: readonly string[];
      readonly users: readonly string[];
      /** Teams whose memberships changed (only the teams projector writes them). */
      readonly members?: readonly string[];
    }
  | 'everything';

/** The cache scope of one team's rows (messages, events, media, members, …). */
export const teamScope = (teamId: string) => `team:${teamId}`;
/**
 * The cache scope of one team's memberships: apart from `teamScope`, so that the membership check
 * of every chat send is not read again after every chat message of the team.
 */
export const membersScope = (teamId: string) => `members:${teamId}`;
/** The cache scope of one user's rows (their users row, their list of teams). */
export const userScope = (userId: string) => `user:${userId}`;

/**
 * Changes from the ids in each event's data (`teamId`, and the given user fields): the usual
 * shape of a team-scoped projector. An event without a `teamId` changes everything.
 */
export function changesFromEventData(
  events: readonly RecordedEvent[],
  userFields: readonly string[] = [],
): ReadModelChanges {
  const teams = new Set<string>();
  const users = new Set<string>();
  for (const event of events) {
    const data = event.data as Record<string, unknown>;
    if (typeof data.teamId !== 'string') return 'everything';
    teams.add(data.teamId);
    for (const field of userFields) if (typeof data[field] === 'string') users.add(data[field]);
  }
  return { teams: [...teams], users: [...users] };
}

/** The change notice's wire form: a projection position message may carry one. */
export function parseChanges(value: unknown): ReadModelChanges | null {
  if (value === 'everything') return 'everything';
  if (typeof value !== 'object' || value === null) return null;
  const { teams, users, members } = value as { teams?: unknown; users?: unknown; members?: unknown };
  const strings = (list: unknown): list is string[] => Array.isArray(list) && list.every((s) => typeof s === 'string');
  // A malformed notice still says something changed: take it as everything.
  if (!strings(teams) || !strings(users)) return 'everything';
  if (members === undefined) return { teams, users };
  return strings(members) ? { teams, users, members } : 'everything';
}

/**
 * Which read-model scopes changed when, on one process's own clock (a counter): an answer read
 * at stamp `s` is still the answer while none of its scopes changed after `s`. Fed by the
 * projectors' change notices (in-process and over the bus), so it knows of a change no later
 * than `ProjectionProgress` knows the position that made it: a command that waited for its
 * position (read-your-writes) never reads an answer cached before its change.
 */
export class ReadModelVersions {
  private tick = 0;
  private everythingAt = 0;
  private readonly changedAt = new Map<string, number>();

  /** Take before reading the read model; an answer read after it is tagged with it. */
  stamp(): number {
    return this.tick;
  }

  changed(changes: ReadModelChanges): void {
    this.tick++;
    if (changes === 'everything') {
      this.everythingAt = this.tick;
      // Older per-scope marks are all below everythingAt now: drop them (bounds memory too).
      this.changedAt.clear();
      return;
    }
    for (const team of changes.teams) this.changedAt.set(teamScope(team), this.tick);
    for (const user of changes.users) this.changedAt.set(userScope(user), this.tick);
    for (const team of changes.members ?? []) this.changedAt.set(membersScope(team), this.tick);
  }

  /** Whether nothing in `scopes` changed after `stamp`. */
  isFresh(stamp: number, scopes: readonly string[]): boolean {
    if (this.everythingAt > stamp) return false;
    for (const scope of scopes) if ((this.changedAt.get(scope) ?? 0) > stamp) return false;
    return true;
  }
}
