import net from 'node:net';

export interface CuttableProxy {
  url: string;
  /** Drops every open connection (HTTP and WebSocket) and refuses new ones, like a lost network. */
  cut(): void;
  /** Accepts connections again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A loopback TCP proxy in front of Sideline, so a test can cut the browser's connections for real
 * (the socket sees a genuine unexpected close) and bring them back, without restarting the server.
 */
export async function startCuttableProxy(target: string): Promise<CuttableProxy> {
  const { hostname, port } = new URL(target);
  const open = new Set<net.Socket>();
  let accepting = true;
  const server = net.createServer((client) => {
    if (!accepting) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(port), hostname);
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut() {
      accepting = false;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      accepting = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
