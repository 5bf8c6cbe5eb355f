import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTeam } from '../../../test/fixtures.ts';
import { mockFetch, renderApp, sampleUser } from '../../../test/utils.tsx';

function signedIn() {
  mockFetch({
    'GET /api/user': { status: 200, body: sampleUser },
    'GET /api/teams': { status: 200, body: [makeTeam()] },
    'GET /api/teams/team-1/messages': { status: 200, body: [] },
    'GET /api/teams/team-1/messages/pinned': { status: 200, body: [] },
    'GET /api/teams/team-1/events/upcoming': { status: 200, body: [] },
  });
}

describe('the skip link', () => {
  it("is the first Tab stop and moves focus to the screen's content", async () => {
    signedIn();
    const { user } = renderApp('/teams');
    await screen.findByRole('heading', { name: 'My Teams' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('on the chat, goes straight to the message box', async () => {
    signedIn();
    const { user } = renderApp('/chat/team-1');
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(box).toHaveFocus();
  });
});
