import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/utils.tsx';
import { portalFetch } from './admin-fixtures.ts';

describe("the admin portal's menu on small screens", () => {
  it('opens on a press (its code loads then), lists the sections, and closes with Escape back to its button', async () => {
    const user = userEvent.setup();
    portalFetch();
    renderApp('/admin');
    const button = await screen.findByRole('button', { name: 'Admin menu' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByRole('navigation', { name: 'Admin navigation' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Close admin menu' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    // A section's link closes it.
    await user.click(button);
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'People' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
