import type { AllNotificationPreferences, User } from '@sideline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';
import { authKeys } from '../../auth/api.ts';

const allOn: AllNotificationPreferences = {
  chatMessages: true,
  eventChanges: true,
  eventReminders: true,
  mediaShared: true,
  matchUpdates: true,
  livestreams: true,
};

function settingsFetch(extra: Parameters<typeof mockFetch>[0] = {}, user: User = sampleUser) {
  return mockFetch({
    'GET /api/user': { status: 200, body: user },
    'GET /api/teams': { status: 200, body: [] },
    'GET /api/user/notification-preferences': { status: 200, body: allOn },
    ...extra,
  });
}

async function openSettings() {
  const view = renderApp('/settings');
  await screen.findByRole('heading', { name: 'Settings', level: 1 });
  return view;
}

describe('Settings', () => {
  it("is the profile menu's Settings item", async () => {
    settingsFetch();
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Profile menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('chooses the theme for this device: System, Light or Dark, applied at once and kept', async () => {
    settingsFetch();
    const { user } = await openSettings();
    const theme = within(screen.getByRole('group', { name: /Theme on this device/ }));
    expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
    await user.click(theme.getByRole('radio', { name: 'Dark' }));
    expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('sideline-theme')).toBe('dark');
    await user.click(theme.getByRole('radio', { name: 'Light' }));
    expect(document.documentElement).not.toHaveClass('dark');
    await user.click(theme.getByRole('radio', { name: 'System' }));
    expect(window.localStorage.getItem('sideline-theme')).toBeNull();
  });

  it('saves a new name with PATCH /api/user and shows it at once', async () => {
    const { callsTo } = settingsFetch({
      'PATCH /api/user': ({ body }) => ({
        status: 200,
        body: { ...sampleUser, name: (body as { name: string }).name },
      }),
    });
    const { user, queryClient } = await openSettings();
    const name = screen.getByLabelText('Full name');
    expect(name).toHaveValue('Jordan Smith');
    await user.clear(name);
    await user.type(name, 'Jordan Rivera');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Name saved')).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/user')[0]?.body).toEqual({ name: 'Jordan Rivera' });
    expect(queryClient.getQueryData<User>(authKeys.user)?.name).toBe('Jordan Rivera');
  });

  it('shows a blank name as a field error without calling the server', async () => {
    const { callsTo } = settingsFetch();
    const { user } = await openSettings();
    await user.clear(screen.getByLabelText('Full name'));
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/user')).toHaveLength(0);
  });

  it('uploads a picture as multipart and shows it', async () => {
    const { callsTo } = settingsFetch({
      'POST /api/user/avatar': { status: 200, body: { ...sampleUser, avatarUrl: '/api/avatars/new.webp' } },
    });
    const { user } = await openSettings();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Picture to upload'), file);
    expect(await screen.findByText('Picture updated')).toBeInTheDocument();
    const body = callsTo('POST', '/api/user/avatar')[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(((body as FormData).get('file') as File).name).toBe('me.png');
    expect(screen.getByRole('button', { name: 'Remove picture' })).toBeInTheDocument();
  });

  it('turns one kind of notification off with PUT, keeping the others', async () => {
    const { callsTo } = settingsFetch({
      'PUT /api/user/notification-preferences': ({ body }) => ({ status: 200, body }),
    });
    const { user } = await openSettings();
    const chat = await screen.findByRole('switch', { name: 'Team chat messages' });
    expect(chat).toHaveAttribute('aria-checked', 'true');
    await user.click(chat);
    await waitFor(() => expect(chat).toHaveAttribute('aria-checked', 'false'));
    expect(callsTo('PUT', '/api/user/notification-preferences')[0]?.body).toEqual({ ...allOn, chatMessages: false });
  });

  it('shows a wrong current password under the field, and on success says other devices were signed out', async () => {
    let attempts = 0;
    settingsFetch({
      'POST /api/user/password': () =>
        ++attempts === 1
          ? {
              status: 400,
              body: {
                message: 'Your current password is not right',
                code: 'WRONG_PASSWORD',
                fieldErrors: { currentPassword: ['This is not your current password'] },
              },
            }
          : { status: 200, body: { sessionsEnded: 2 } },
    });
    const { user } = await openSettings();
    await user.type(screen.getByLabelText('Current password'), 'wrong one');
    await user.type(screen.getByLabelText('New password'), 'a brand new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This is not your current password')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'the right one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('2 other devices were signed out.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('signs out everywhere after a confirmation, then shows the sign-in screen', async () => {
    const { callsTo } = settingsFetch({ 'DELETE /api/user/sessions': { status: 200, body: { sessionsEnded: 3 } } });
    const { user, router } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Sign out everywhere' });
    expect(callsTo('DELETE', '/api/user/sessions')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(callsTo('DELETE', '/api/user/sessions')).toHaveLength(1);
    expect(await screen.findByText('Signed out everywhere')).toBeInTheDocument();
  });
});
