import type { User } from '@sideline/domain';
import type { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider.tsx';
import { createRoutes } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';

export const sampleUser: User = {
  id: 'u-1',
  name: 'Jordan Smith',
  email: 'jordan@example.com',
  role: 'coach',
  accountRole: 'coach',
  avatarUrl: null,
  createdAt: '2026-03-14T10:00:00.000Z',
  xp: 120,
  dulars: 35,
  streak: 4,
};

export interface MockResponse {
  status: number;
  body?: unknown;
  /** Milliseconds before the response resolves, or a promise that resolves it. */
  delay?: number | Promise<unknown>;
}

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  init: RequestInit | undefined;
}

type Handler = MockResponse | ((call: RecordedCall) => MockResponse);

function toResponse({ status, body }: MockResponse): Response {
  if (body === undefined || status === 204) return new Response(null, { status });
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces global fetch with a mock that answers by "METHOD /path". Unknown routes answer 404.
 * Returns the recorded calls.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const rawBody = init?.body;
    const body = typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody;
    const call: RecordedCall = { method, url, body, init };
    calls.push(call);
    const handler = handlers[`${method} ${url.split('?')[0]}`];
    const response: MockResponse = handler
      ? typeof handler === 'function'
        ? handler(call)
        : handler
      : { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
    if (typeof response.delay === 'number') await new Promise((r) => setTimeout(r, response.delay as number));
    else if (response.delay) await response.delay;
    return toResponse(response);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.split('?')[0] === path),
  };
}

export function renderApp(path: string, options: { queryClient?: QueryClient } = {}) {
  const queryClient = options.queryClient ?? createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, user, router, queryClient };
}

/**
 * A list row's action on a phone (RowActions): opens the row's overflow menu, named like
 * 'Actions for Spring League', and picks the item, named like 'Delete Spring League'.
 */
export async function pickRowAction(user: ReturnType<typeof userEvent.setup>, menu: string, item: string) {
  await user.click(await screen.findByRole('button', { name: menu }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}
