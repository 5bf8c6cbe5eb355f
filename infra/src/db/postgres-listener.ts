import pg from 'pg';

type Handler = (payload: string) => void;

const RECONNECT_DELAY_MS = 500;

/**
 * LISTEN/NOTIFY over one dedicated `pg` client shared by every channel of a Database. The client
 * is opened lazily on the first `listen` and reconnected (re-issuing every LISTEN) when it drops,
 * so a restarted server does not silently stop waking subscribers. Notifications sent while it
 * was disconnected are lost: consumers poll as a fallback.
 */
export class PostgresListener {
  private readonly handlers = new Map<string, Set<Handler>>();
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly config: pg.ClientConfig) {}

  async listen(channel: string, handler: Handler): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('Database is closed');
    let set = this.handlers.get(channel);
    const isNewChannel = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    if (isNewChannel) {
      try {
        const client = await this.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        set.delete(handler);
        if (set.size === 0) this.handlers.delete(channel);
        throw error;
      }
    } else {
      await this.connect();
    }
    return async () => {
      const current = this.handlers.get(channel);
      if (!current?.delete(handler) || current.size > 0) return;
      this.handlers.delete(channel);
      if (this.client && !this.closed) {
        await this.client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.handlers.clear();
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client(this.config);
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) {
        try {
          handler(message.payload ?? '');
        } catch {
          // A failing handler must not stop delivery to the others.
        }
      }
    });
    // Without an 'error' listener a dropped connection would crash the process.
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    await client.connect();
    if (this.closed) {
      await client.end();
      throw new Error('Database is closed');
    }
    this.client = client;
    return client;
  }

  private dropped(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer || this.handlers.size === 0) return;
    this.reconnectTimer = setTimeout(async () => {
      this.reconnectTimer = undefined;
      try {
        const client = await this.connect();
        for (const channel of this.handlers.keys()) {
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        }
      } catch {
        const client = this.client;
        if (client) this.dropped(client);
        else this.scheduleReconnect();
      }
    }, RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }
}
