/**
 * A tiny signed-in HTTP client for API tests: registers (or signs in) and keeps the session
 * cookie, sending the same-origin headers a browser would.
 */
export interface ApiClient {
  userId: string;
  cookie: string;
  get(path: string): Promise<Response>;
  post(path: string, body?: unknown): Promise<Response>;
  put(path: string, body?: unknown): Promise<Response>;
  patch(path: string, body?: unknown): Promise<Response>;
  delete(path: string): Promise<Response>;
}

let counter = 0;

export async function signUp(
  baseUrl: string,
  role: 'parent' | 'coach' | 'player',
  name = `${role} ${++counter}`,
  /** Registers as from this client address (a server with TRUST_PROXY=1): past the per-IP sign-up limit. */
  options: { forwardedFor?: string; email?: string } = {},
): Promise<ApiClient> {
  const email = options.email ?? `${role}-${Date.now()}-${++counter}@example.com`;
  const forwarded: Record<string, string> = options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {};
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...forwarded },
    body: JSON.stringify({ email, password: 'correct horse', name, role }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const user = (await response.json()) as { id: string };
  return sessionClient(baseUrl, response.headers.getSetCookie()[0]!.split(';')[0]!, user.id);
}

/** A client sending `cookie` (`name=value` of a session) with a browser's same-origin headers. */
export function sessionClient(baseUrl: string, cookie: string, userId: string): ApiClient {
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { cookie, origin: baseUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    userId,
    cookie,
    get: (path) => send('GET', path),
    post: (path, body) => send('POST', path, body ?? {}),
    put: (path, body) => send('PUT', path, body ?? {}),
    patch: (path, body) => send('PATCH', path, body ?? {}),
    delete: (path) => send('DELETE', path),
  };
}

export const readJson = (response: Response): Promise<any> => response.json();
