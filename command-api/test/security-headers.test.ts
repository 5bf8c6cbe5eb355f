import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** What Helmet sends with Sideline's options (the content security policy allows blob: media and ws: for /ws). */
const securityHeaders = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
    "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
    "style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests;media-src 'self' blob:;connect-src 'self' ws: wss:",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

let server: TestServer;
let coach: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  coach = await signUp(server.url, 'coach');
});
afterAll(async () => {
  await server?.close();
});

describe('security headers', () => {
  it('are on every kind of answer: the SPA, errors, fresh and cached reads, and 304s', async () => {
    const first = await coach.get('/api/teams');
    const cached = await coach.get('/api/teams');
    const notModified = await fetch(`${server.url}/api/teams`, {
      headers: { cookie: coach.cookie, 'if-none-match': cached.headers.get('etag')! },
    });
    expect(notModified.status).toBe(304);
    for (const response of [
      await fetch(`${server.url}/`),
      await fetch(`${server.url}/api/user`),
      first,
      cached,
      notModified,
    ]) {
      for (const [name, value] of Object.entries(securityHeaders)) {
        expect(response.headers.get(name), `${response.url} ${response.status} ${name}`).toBe(value);
      }
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });
});
