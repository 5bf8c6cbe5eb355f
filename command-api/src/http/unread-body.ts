import type { FastifyInstance } from 'fastify';

/**
 * An answer sent before the request's body was read to its end (an upload refused as too large
 * or of the wrong type after its first bytes) ends the connection. Otherwise the rest of the
 * body stays unread on a paused keep-alive socket, and the client's next request on it waits
 * until the server's keep-alive timeout (about 73 s). The rest of the body is pulled off the
 * wire and dropped while the answer goes out, so the client reads the answer rather than a
 * reset; `Connection: close` makes Node end the socket after it and tells the client to open a
 * new one. (Fastify does the same when a JSON body is over its limit.)
 */
export function registerUnreadBodyClose(app: FastifyInstance): void {
  // A callback, not a promise: it runs on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    if (!raw.complete && !raw.destroyed) {
      void reply.header('connection', 'close');
      // A parser (multipart) may still be attached and paused by back-pressure.
      raw.unpipe();
      raw.resume();
    }
    done(null, payload);
  });
}
