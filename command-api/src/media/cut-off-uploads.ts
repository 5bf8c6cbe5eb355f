import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { INVALID_UPLOAD_MESSAGE } from './upload-form.ts';

const MULTIPART = /^multipart\/form-data\b/i;

/**
 * Answers an upload whose connection ended before the body it announced (Content-Length) with
 * 400 INVALID_UPLOAD, as the route answers a form that ends early. Node reports that on the
 * connection ('clientError'), not on the request, often before the route has even started
 * reading, and Fastify would answer a generic "Client Error". Runs before Fastify's listener;
 * any other client error, or one on a connection without a form upload in flight, is left to it.
 */
export function answerCutOffUploads(server: Server): void {
  server.prependListener('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (socket.destroyed || !String(error.code).startsWith('HPE_')) return;
    // The answer in flight on this connection, and through it its request (Node's own field).
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse & { req?: IncomingMessage } })._httpMessage;
    const contentType = inFlight?.req?.headers['content-type'];
    if (!contentType || !MULTIPART.test(contentType) || inFlight.headersSent) return;
    if (socket.writable) {
      const body = JSON.stringify({ message: INVALID_UPLOAD_MESSAGE, code: 'INVALID_UPLOAD' });
      socket.write(
        'HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  });
}
