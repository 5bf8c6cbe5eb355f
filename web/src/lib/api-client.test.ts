import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/utils.tsx';
import { api, ApiError, getCurrentUser, getErrorMessage } from './api-client.ts';
import { camelizeKeys, snakeToCamel } from './case.ts';

describe('camelizeKeys', () => {
  it('converts snake_case keys to camelCase at all depths, arrays included', () => {
    const input = {
      user_id: 1,
      team_members: [{ assigned_role: 'coach', nested_thing: { deep_value: [{ very_deep_key: true }] } }],
      alreadyCamel: 'x',
      avatar_url: null,
    };
    expect(camelizeKeys(input)).toEqual({
      userId: 1,
      teamMembers: [{ assignedRole: 'coach', nestedThing: { deepValue: [{ veryDeepKey: true }] } }],
      alreadyCamel: 'x',
      avatarUrl: null,
    });
  });

  it('leaves values (strings with underscores, dates, primitives) untouched', () => {
    expect(camelizeKeys({ some_key: 'snake_value' })).toEqual({ someKey: 'snake_value' });
    expect(camelizeKeys([1, 'a_b', null])).toEqual([1, 'a_b', null]);
    expect(snakeToCamel('recurring_end_count')).toBe('recurringEndCount');
    expect(snakeToCamel('_private')).toBe('_private');
  });
});

describe('api client (mocked fetch)', () => {
  it('sends cookies and a JSON content type with JSON bodies, and camelCases the response', async () => {
    const { calls } = mockFetch({
      'POST /api/things': { status: 201, body: { created_at: '2026-01-01', items: [{ media_url: 'u' }] } },
    });
    const result = await api.post('/api/things', { a: 1 });
    expect(result).toEqual({ createdAt: '2026-01-01', items: [{ mediaUrl: 'u' }] });
    const init = calls[0]?.init;
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends cookies on GETs too, with no content type', async () => {
    const { calls } = mockFetch({ 'GET /api/things': { status: 200, body: [] } });
    await api.get('/api/things');
    expect(calls[0]?.init?.credentials).toBe('include');
    expect(new Headers(calls[0]?.init?.headers).has('Content-Type')).toBe(false);
  });

  it('resolves undefined for 204 No Content', async () => {
    mockFetch({ 'POST /api/logout': { status: 204 } });
    await expect(api.post('/api/logout')).resolves.toBeUndefined();
  });

  it('turns a non-OK response into an error "{status}: {body text}" that keeps status and parsed body', async () => {
    const body = {
      message: 'Invalid input',
      code: 'VALIDATION',
      field_errors: { email: ['Enter a valid email address'] },
    };
    mockFetch({ 'POST /api/register': { status: 400, body } });
    const error = await api.post('/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe(`400: ${JSON.stringify(body)}`);
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('VALIDATION');
    expect(apiError.fieldErrors).toEqual({ email: ['Enter a valid email address'] });
    expect(getErrorMessage(apiError)).toBe('Invalid input');
  });

  it('uses the status text when the error body is empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 503, statusText: 'Service Unavailable' })),
    );
    await expect(api.get('/api/teams')).rejects.toThrow(/^503: Service Unavailable$/);
  });

  it('keeps a plain-text error body verbatim', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Bad gateway upstream', { status: 502 })),
    );
    const error = (await api.get('/api/teams').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: Bad gateway upstream');
    expect(error.body).toBeUndefined();
    expect(getErrorMessage(error)).toBe('502: Bad gateway upstream');
  });
});

describe('getCurrentUser (mocked fetch)', () => {
  it('returns the camelCased user', async () => {
    mockFetch({
      'GET /api/user': {
        status: 200,
        body: {
          id: 'u1',
          name: 'A B',
          email: 'a@b.c',
          role: 'parent',
          avatar_url: null,
          created_at: 'x',
          xp: 1,
          dulars: 2,
          streak: 3,
        },
      },
    });
    await expect(getCurrentUser()).resolves.toMatchObject({ id: 'u1', avatarUrl: null, createdAt: 'x' });
  });

  it('maps 401 to null (signed out is not an error)', async () => {
    mockFetch({ 'GET /api/user': { status: 401, body: { message: 'Not signed in', code: 'UNAUTHENTICATED' } } });
    await expect(getCurrentUser()).resolves.toBeNull();
  });

  it('still fails on other statuses', async () => {
    mockFetch({ 'GET /api/user': { status: 500, body: { message: 'boom', code: 'INTERNAL' } } });
    await expect(getCurrentUser()).rejects.toThrow('500: {"message":"boom","code":"INTERNAL"}');
  });
});
