import type { Connection } from './connection.ts';

/**
 * This gateway instance's sockets by team and by user. Other gateways have their own; the bus
 * carries every team's traffic to all of them and each delivers to its own sockets.
 */
export class Rooms {
  /** `onRoomsChanged`: told the user's rooms on this gateway after each join, leave or close. */
  constructor(private readonly onRoomsChanged?: (userId: string, teamIds: readonly string[]) => void) {}

  private readonly byTeam = new Map<string, Set<Connection>>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly byIp = new Map<string, number>();

  add(connection: Connection): void {
    addTo(this.byUser, connection.user.id, connection);
    this.byIp.set(connection.ip, this.fromIp(connection.ip) + 1);
  }

  join(connection: Connection, teamId: string): void {
    // A socket that closed while its join was awaiting would stay in the room for good: its
    // 'close' has already run remove().
    if (!connection.isOpen()) return;
    connection.teams.add(teamId);
    addTo(this.byTeam, teamId, connection);
    this.changed(connection.user.id);
  }

  leave(connection: Connection, teamId: string): void {
    connection.teams.delete(teamId);
    removeFrom(this.byTeam, teamId, connection);
    this.changed(connection.user.id);
  }

  /** The teams whose rooms the user is in through any of their sockets here. */
  teamsOf(userId: string): string[] {
    const teams = new Set<string>();
    for (const c of this.connectionsOf(userId)) for (const teamId of c.teams) teams.add(teamId);
    return [...teams];
  }

  private changed(userId: string): void {
    this.onRoomsChanged?.(userId, this.teamsOf(userId));
  }

  remove(connection: Connection): void {
    for (const teamId of [...connection.teams]) this.leave(connection, teamId);
    if (!this.byUser.get(connection.user.id)?.has(connection)) return;
    removeFrom(this.byUser, connection.user.id, connection);
    this.changed(connection.user.id);
    const left = this.fromIp(connection.ip) - 1;
    if (left > 0) this.byIp.set(connection.ip, left);
    else this.byIp.delete(connection.ip);
  }

  /** Open sockets from one client address. */
  fromIp(ip: string): number {
    return this.byIp.get(ip) ?? 0;
  }

  membersOf(teamId: string): ReadonlySet<Connection> {
    return this.byTeam.get(teamId) ?? emptySet;
  }

  connectionsOf(userId: string): ReadonlySet<Connection> {
    return this.byUser.get(userId) ?? emptySet;
  }

  all(): Connection[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  counts(): { connections: number; users: number; teams: number } {
    let connections = 0;
    for (const set of this.byUser.values()) connections += set.size;
    return { connections, users: this.byUser.size, teams: this.byTeam.size };
  }
}

const emptySet: ReadonlySet<Connection> = new Set();

function addTo(map: Map<string, Set<Connection>>, key: string, connection: Connection): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(connection);
}

// Empty sets are deleted so that a long-running gateway does not keep one per team ever seen.
function removeFrom(map: Map<string, Set<Connection>>, key: string, connection: Connection): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) map.delete(key);
}
