import type { Connection } from './connection.ts';

/** Roughly how far apart the heartbeat's turns are (each pings its share of the sockets). */
const TURN_MS = 250;

/**
 * Pings every socket once per `intervalMs` and terminates one that did not answer the previous
 * ping (nor send anything) by its next turn. The sockets take turns: the interval is cut into
 * turns about 250 ms apart, each socket belongs to one of them, and each turn pings only its
 * own. Pinging every socket in the same instant, as ws's README does, stalled the event loop at
 * 5,000 sockets (the pings' writes, then the pongs all arriving at once): the messages sent then
 * waited 60–75 ms before their append began (docs/performance.md, Chat).
 */
export class Heartbeat {
  private readonly turns: Set<Connection>[];
  private readonly turnOf = new Map<Connection, Set<Connection>>();
  private next = 0;
  private placed = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    intervalMs: number,
    private readonly onMissedPong: (connection: Connection) => void,
  ) {
    const count = Math.max(1, Math.floor(intervalMs / TURN_MS));
    this.turns = Array.from({ length: count }, () => new Set<Connection>());
    this.timer = setInterval(() => this.turn(), intervalMs / count);
    this.timer.unref();
  }

  add(connection: Connection): void {
    const turn = this.turns[this.placed++ % this.turns.length]!;
    turn.add(connection);
    this.turnOf.set(connection, turn);
  }

  remove(connection: Connection): void {
    this.turnOf.get(connection)?.delete(connection);
    this.turnOf.delete(connection);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private turn(): void {
    const turn = this.turns[this.next]!;
    this.next = (this.next + 1) % this.turns.length;
    for (const connection of turn) {
      if (!connection.alive) {
        this.onMissedPong(connection);
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }
}
