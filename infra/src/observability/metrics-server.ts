import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { enableMetrics } from './metrics.ts';

export interface MetricsServer {
  /** Where Prometheus scrapes, e.g. `http://127.0.0.1:9464/metrics`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` in Prometheus's text format on a listener of its own (METRICS_PORT), never on
 * the public port: the numbers describe the deployment (routes, volumes, lag) and are for the
 * operator's network only. Anything else on this listener is a 404.
 */
export async function startMetricsServer(options: { host: string; port: number }): Promise<MetricsServer> {
  const registry = await enableMetrics();
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found","code":"not_found"}');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${(error as Error).message}`);
      },
    );
  });
  // A scrape is one short request; idle keep-alive sockets must not hold up shutdown.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${shownHost}:${port}/metrics`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
