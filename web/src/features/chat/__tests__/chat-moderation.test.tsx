import type { Message, Team } from '@sideline/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../lib/socket/testing/fake-web-socket.ts';
import { mockFetch, renderApp, sampleUser, type MockResponse, type RecordedCall } from '../../../test/utils.tsx';
import type { ChatMessage } from '../api.ts';

const coachTeam: Team = {
  id: 't1',
  name: 'Eagles U12',
  sport: 'Soccer',
  ageGroup: null,
  isIndie: true,
  orgId: null,
  coachId: sampleUser.id,
  creatorId: sampleUser.id,
  code: 'ABC123',
  memberCount: 3,
  createdAt: '2026-03-01T10:00:00.000Z',
  myAssignedRole: 'coach',
};
const parentTeam: Team = { ...coachTeam, coachId: 'u-coach', creatorId: 'u-coach', myAssignedRole: 'parent' };

function message(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 'm1',
    teamId: 't1',
    userId: 'u-2',
    text: 'Practice is moved to 5',
    mediaUrl: null,
    timestamp: '2026-03-14T15:04:00.000Z',
    pinned: false,
    clientId: null,
    user: { name: 'Riley Parent', avatarUrl: null },
    ...overrides,
  };
}

/** A fake server whose message store the DELETE and PATCH handlers change, as the real one does. */
function setup(team: Team, messages: ChatMessage[]) {
  const stored = [...messages];
  const update = (id: string, change: Partial<ChatMessage>): MockResponse => {
    const index = stored.findIndex((m) => m.id === id);
    stored[index] = { ...stored[index]!, ...change };
    return { status: 200, body: stored[index] };
  };
  const idOf = (call: RecordedCall) => call.url.split('/').at(-1)!;
  const handlers: Record<string, MockResponse | ((call: RecordedCall) => MockResponse)> = {
    'GET /api/user': { status: 200, body: sampleUser },
    'GET /api/teams': { status: 200, body: [team] },
    'GET /api/teams/t1/messages': () => ({ status: 200, body: stored }),
    'GET /api/teams/t1/messages/pinned': { status: 200, body: [] },
  };
  for (const m of messages) {
    handlers[`DELETE /api/teams/t1/messages/${m.id}`] = (call) =>
      update(idOf(call), { text: '', deletedAt: '2026-03-14T16:00:00.000Z' });
    handlers[`PATCH /api/teams/t1/messages/${m.id}`] = (call) =>
      update(idOf(call), { text: (call.body as { text: string }).text, editedAt: '2026-03-14T16:00:00.000Z' });
  }
  return { ...mockFetch(handlers), stored };
}

const log = () => screen.getByRole('log', { name: 'Messages' });
const itemOf = async (text: string) => (await within(await screen.findByRole('log')).findByText(text)).closest('li')!;

beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('chat safeguarding: delete and edit', () => {
  it("a coach deletes a member's message after confirming; it reads 'Message deleted' in place", async () => {
    const { callsTo } = setup(coachTeam, [message(), message({ id: 'm2', text: 'See you there' })]);
    const { user } = renderApp('/chat');
    const item = await itemOf('Practice is moved to 5');
    await user.click(within(item).getByRole('button', { name: 'Message actions' }));
    // A coach may pin and delete someone else's message, not edit it.
    expect(screen.queryByRole('menuitem', { name: 'Edit message' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Delete message' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this message?' });
    expect(confirm).toHaveTextContent("Riley Parent's message will show as 'Message deleted'");
    expect(callsTo('DELETE', '/api/teams/t1/messages/m1')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete message' }));
    await waitFor(() => expect(callsTo('DELETE', '/api/teams/t1/messages/m1')).toHaveLength(1));
    expect(await screen.findByText('Members now see that it was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(within(log()).getByTestId('message-deleted')).toHaveTextContent('Message deleted'));
    expect(within(log()).queryByText('Practice is moved to 5')).not.toBeInTheDocument();
    expect(within(log()).getByText('See you there')).toBeInTheDocument();
  });

  it('a parent edits and deletes their own message, and has no actions on others', async () => {
    const own = message({
      id: 'own',
      userId: sampleUser.id,
      text: 'We will be late',
      user: { name: sampleUser.name, avatarUrl: null },
    });
    const { callsTo } = setup(parentTeam, [message(), own]);
    const { user } = renderApp('/chat');
    const other = await itemOf('Practice is moved to 5');
    expect(within(other).queryByRole('button', { name: 'Message actions' })).not.toBeInTheDocument();

    const mine = await itemOf('We will be late');
    await user.click(within(mine).getByRole('button', { name: 'Message actions' }));
    expect(screen.queryByRole('menuitem', { name: 'Pin message' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Edit message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit message' });
    const field = within(dialog).getByLabelText('Message text');
    await user.clear(field);
    await user.type(field, 'We will be 10 minutes late');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo('PATCH', '/api/teams/t1/messages/own')[0]?.body).toEqual({ text: 'We will be 10 minutes late' }),
    );
    const edited = await itemOf('We will be 10 minutes late');
    expect(edited).toHaveTextContent('edited');

    await user.click(within(edited).getByRole('button', { name: 'Message actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete message' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this message?' });
    expect(confirm).toHaveTextContent("Everyone in the team will see 'Message deleted'");
    await user.click(within(confirm).getByRole('button', { name: 'Delete message' }));
    await waitFor(() => expect(within(log()).getByTestId('message-deleted')).toBeInTheDocument());
    expect(within(log()).getByTestId('message-deleted').closest('li')).not.toHaveTextContent('edited');
  });

  it("members see 'Message deleted' live when the server says a message was deleted", async () => {
    const { stored } = setup(parentTeam, [message()]);
    renderApp('/chat');
    await itemOf('Practice is moved to 5');
    const socket = FakeWebSocket.latest!;
    act(() => socket.open());
    stored[0] = { ...stored[0]!, text: '', deletedAt: '2026-03-14T16:00:00.000Z' } as Message;
    act(() => socket.receive({ type: 'message_deleted', teamId: 't1', messageId: 'm1' }));
    await waitFor(() => expect(within(log()).getByTestId('message-deleted')).toBeInTheDocument());
    expect(within(log()).queryByText('Practice is moved to 5')).not.toBeInTheDocument();
  });

  it('a refused delete toasts the server message and keeps the message', async () => {
    setup(coachTeam, [message()]);
    const { user } = renderApp('/chat');
    const item = await itemOf('Practice is moved to 5');
    await user.click(within(item).getByRole('button', { name: 'Message actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete message' }));
    // The server refuses this one.
    mockFetchOverride({ status: 403, body: { message: 'Only the sender or a coach can delete', code: 'FORBIDDEN' } });
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete message' }));
    expect(await screen.findByText('Could not delete message')).toBeInTheDocument();
    expect(screen.getByText('Only the sender or a coach can delete')).toBeInTheDocument();
    expect(within(log()).getByText('Practice is moved to 5')).toBeInTheDocument();
  });
});

/** Makes the next DELETE answer `response` (the stubbed fetch is wrapped once). */
function mockFetchOverride(response: MockResponse) {
  const original = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if ((init?.method ?? 'GET').toUpperCase() === 'DELETE') {
      return new Response(JSON.stringify(response.body), {
        status: response.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return original(input, init);
  });
}
