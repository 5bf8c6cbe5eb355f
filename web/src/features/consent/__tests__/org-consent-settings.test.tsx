import { screen } from '@testing-library/react';
import type { OrgConsentSettings, User } from '@sideline/domain';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp, sampleUser, type RecordedCall } from '../../../test/utils.tsx';
import { makeOrganization, orgSettings } from '../../orgs/__tests__/org-fixtures.ts';

const admin: User = { ...sampleUser, role: 'org_admin' };
const TYPING = { timeout: 20_000 };

describe('the org console’s consent wording', () => {
  it('shows the wording and its version; saving a new wording bumps the version', TYPING, async () => {
    let current: OrgConsentSettings = {
      text: 'Old words.',
      version: 1,
      unknownTeamOnly: 'askFirst',
      updatedAt: null,
    };
    const { callsTo } = mockFetch({
      'GET /api/user': { status: 200, body: admin },
      'GET /api/teams': { status: 200, body: [] },
      'GET /api/organizations': { status: 200, body: [makeOrganization()] },
      'GET /api/organizations/org-1/settings': { status: 200, body: orgSettings },
      'GET /api/organizations/org-1/settings/consent': () => ({ status: 200, body: current }),
      'PUT /api/organizations/org-1/settings/consent': (call: RecordedCall) => {
        const body = call.body as { text?: string; unknownTeamOnly?: OrgConsentSettings['unknownTeamOnly'] };
        current = {
          text: body.text ?? current.text,
          version: body.text !== undefined ? current.version + 1 : current.version,
          unknownTeamOnly: body.unknownTeamOnly ?? current.unknownTeamOnly,
          updatedAt: '2026-11-28T05:00:00.000Z',
        };
        return { status: 200, body: current };
      },
    });
    const { user } = renderApp('/org-admin');
    await screen.findByRole('heading', { name: 'Riverside FC', level: 1 });
    await user.click(screen.getByRole('tab', { name: 'Settings' }));

    const wording = await screen.findByLabelText('Consent wording');
    expect(wording).toHaveValue('Old words.');
    expect(screen.getByText('Wording version 1')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save Consent Settings' });
    expect(save).toBeDisabled();

    await user.clear(wording);
    await user.click(save);
    expect(await screen.findByText('Consent text is required')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/organizations/org-1/settings/consent')).toHaveLength(0);

    await user.type(wording, 'New words.');
    expect(screen.getByText(/Saving a new wording makes version 2/)).toBeInTheDocument();
    await user.click(save);
    expect(await screen.findByText(/Wording version 2, changed/)).toBeInTheDocument();
    expect(await screen.findByText('Wording version 2: guardians will be asked again.')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/organizations/org-1/settings/consent')[0]!.body).toEqual({ text: 'New words.' });

    // The rule for unanswered consent alone is no new wording.
    await user.selectOptions(
      screen.getByLabelText('Until a guardian answers, team-only photos and streams are'),
      'granted',
    );
    await user.click(screen.getByRole('button', { name: 'Save Consent Settings' }));
    expect(await screen.findByText('Consent settings saved')).toBeInTheDocument();
    expect(callsTo('PUT', '/api/organizations/org-1/settings/consent')[1]!.body).toEqual({
      unknownTeamOnly: 'granted',
    });
    expect(screen.getByText(/Wording version 2/)).toBeInTheDocument();
  });
});
