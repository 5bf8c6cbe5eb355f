import type { User } from '@sideline/domain';
import { camelizeKeys } from './case.ts';
import { takeEarlyResponse } from './early-requests.ts';
import { apiPaths } from './query-keys.ts';

/**
 * Error for any non-OK HTTP response. Its message is `"{status}: {body text or statusText}"`
 * (spec §8); the status and the parsed JSON body (if any) are kept for callers that need them,
 * e.g. to map a 400's `fieldErrors` onto form fields.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The response body parsed as JSON (camelCased), or undefined when it was not JSON. */
  readonly body: unknown;
  /** The raw response body text. */
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string, body: unknown) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    this.body = body;
  }

  /** The server's `{ message }`, when the body is the standard JSON error shape. */
  get serverMessage(): string | undefined {
    const body = this.body as { message?: unknown } | undefined;
    return typeof body?.message === 'string' && body.message ? body.message : undefined;
  }

  /** The server's `{ code }`, when present. */
  get code(): string | undefined {
    const body = this.body as { code?: unknown } | undefined;
    return typeof body?.code === 'string' ? body.code : undefined;
  }

  /** Field errors of a 400 validation response: `{ field: [messages] }`. */
  get fieldErrors(): Record<string, string[]> {
    const body = this.body as { fieldErrors?: unknown } | undefined;
    const raw = body?.fieldErrors;
    if (!raw || typeof raw !== 'object') return {};
    const out: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(raw as Record<string, unknown>)) {
      if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string');
      else if (typeof messages === 'string') out[field] = [messages];
    }
    return out;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A message fit for a person: the server's own `message` when the body carries one, otherwise
 * the error's message (`"{status}: {body}"`, or a network error's text).
 */
export function getErrorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isApiError(error)) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface RequestOptions extends Omit<RequestInit, 'body' | 'method'> {
  /** A JSON-serialisable body (sent with a JSON content type) or a FormData / Blob sent as is. */
  body?: unknown;
}

/**
 * Performs a same-origin request with cookies. JSON bodies are sent with a JSON content type;
 * JSON responses are camelCased at all depths; 204 / empty bodies resolve to `undefined`.
 */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { body, headers, ...init } = options;
  const finalHeaders = new Headers(headers);
  finalHeaders.set('Accept', 'application/json');
  let finalBody: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) {
    finalBody = body;
  } else if (body !== undefined) {
    finalHeaders.set('Content-Type', 'application/json');
    finalBody = JSON.stringify(body);
  }

  const fresh = () => fetch(path, { ...init, method, headers: finalHeaders, body: finalBody, credentials: 'include' });
  // A read the first script already started (lib/early-requests.ts); if it got no answer, ask again.
  const early = method === 'GET' && body === undefined && !init.signal?.aborted ? takeEarlyResponse(path) : undefined;
  const response = early ? await early.catch(fresh) : await fresh();

  const text = await response.text();
  if (!response.ok) {
    const parsed = parseJson(text);
    throw new ApiError(
      response.status,
      response.statusText,
      text,
      parsed === undefined ? undefined : camelizeKeys(parsed),
    );
  }
  if (!text) return undefined as T;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json') || contentType === '') {
    const parsed = parseJson(text);
    if (parsed !== undefined) return camelizeKeys<T>(parsed);
  }
  return text as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

// ---------------------------------------------------------------------------------------------
// Current user. Lives here because every feature needs it and 401 has a special meaning.

/** GET /api/user: the signed-in user, or `null` when signed out (401 is "no user", not an error). */
export async function getCurrentUser(): Promise<User | null> {
  try {
    return await api.get<User>(apiPaths.user);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}
