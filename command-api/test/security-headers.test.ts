import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** What Helmet sends with Sideline's options (the content security policy allows blob: media and ws: for /ws). */
const documentHeaders = {
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

/** JSON and bodiless answers, which no browser renders as a page: nothing may frame them or run in them. */
const apiHeaders = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
const documentOnly = Object.keys(documentHeaders).filter((name) => !(name in apiHeaders));

function expectHeaders(response: Response, expected: Record<string, string>, absent: readonly string[] = []): void {
  for (const [name, value] of Object.entries(expected)) {
    expect(response.headers.get(name), `${response.url} ${response.status} ${name}`).toBe(value);
  }
  for (const name of [...absent, 'x-powered-by']) {
    expect(response.headers.get(name), `${response.url} ${response.status} ${name}`).toBeNull();
  }
}

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
  it('are the strict API set on JSON answers: fresh and cached reads, 304s, errors', async () => {
    const first = await coach.get('/api/teams');
    const cached = await coach.get('/api/teams');
    const notModified = await fetch(`${server.url}/api/teams`, {
      headers: { cookie: coach.cookie, 'if-none-match': cached.headers.get('etag')! },
    });
    expect(notModified.status).toBe(304);
    const signedOut = await fetch(`${server.url}/api/user`);
    expect(signedOut.status).toBe(401);
    const missing = await coach.get('/api/no-such-route');
    expect(missing.status).toBe(404);
    const invalid = await coach.post('/api/teams', { name: '' });
    expect(invalid.status).toBe(400);
    for (const response of [first, cached, notModified, signedOut, missing, invalid]) {
      expectHeaders(response, apiHeaders, documentOnly);
    }
  });

  it("are Helmet's full set on pages and files, the API's own included", async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const issued = await readJson(await coach.post('/api/teams', { name: 'Header Hawks', sport: 'Soccer' }));
    const { url } = await readJson(await coach.post(`/api/teams/${issued.id}/calendar-token`));
    const feed = await fetch(url.replace(new URL(url).origin, server.url));
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    for (const response of [page, feed]) expectHeaders(response, documentHeaders);
  });

  it("are the few a script needs on the build's hashed scripts and stylesheets, and the full set on the service worker", async () => {
    const script = await fetch(`${server.url}/assets/app-Ab12Cd34.js`);
    const style = await fetch(`${server.url}/assets/index-Ab12Cd34.css`);
    for (const response of [script, style]) {
      expect(response.status).toBe(200);
      expectHeaders(
        response,
        {
          'cross-origin-resource-policy': 'same-origin',
          'strict-transport-security': documentHeaders['strict-transport-security'],
          'x-content-type-options': 'nosniff',
        },
        documentOnly.filter((name) => !['cross-origin-resource-policy', 'strict-transport-security'].includes(name)),
      );
      expect(response.headers.get('content-security-policy')).toBeNull();
    }
    // A worker's content security policy is its script's own: the service worker keeps every header.
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.status).toBe(200);
    expectHeaders(worker, documentHeaders);
  });

  it("keep a header the route set itself (the API docs' own content security policy)", async () => {
    const docs = await fetch(`${server.url}/api/docs/static/index.html`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-security-policy')).toContain('validator.swagger.io');
    expectHeaders(docs, {
      ...documentHeaders,
      'content-security-policy': docs.headers.get('content-security-policy')!,
    });
  });

  it("allow the page's inline script (the colour theme, run before the first paint) by its hash, and no other", async () => {
    const theme = "document.documentElement.classList.toggle('dark', true)";
    const withScript = await startTestServer({
      indexHtml: `<!doctype html><html><head><script>${theme}</script><script type="module" src="/assets/index-abcdefgh.js"></script></head><body><div id="root"></div></body></html>`,
    });
    try {
      const page = await fetch(`${withScript.url}/`);
      const hash = createHash('sha256').update(theme).digest('base64');
      expect(page.headers.get('content-security-policy')).toBe(
        documentHeaders['content-security-policy'].replace("script-src 'self'", `script-src 'self' 'sha256-${hash}'`),
      );
    } finally {
      await withScript.close();
    }
  });
});
