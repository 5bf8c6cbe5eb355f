import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { orgDecider } from './decider.ts';
import type { OrgEvent } from './events.ts';
import type { OrgCommand } from './commands.ts';
import { fold } from '../shared/decider.ts';

const create: OrgCommand = {
  type: 'CreateOrganization',
  data: {
    orgId: 'o1',
    name: 'Riverside FC',
    description: null,
    timezone: 'America/Chicago',
    defaultSport: 'Soccer',
    creatorId: 'a1',
  },
};
const created: OrgEvent[] = [
  {
    type: 'OrganizationCreated',
    data: {
      orgId: 'o1',
      name: 'Riverside FC',
      description: null,
      timezone: 'America/Chicago',
      defaultSport: 'Soccer',
      createdBy: 'a1',
    },
  },
  { type: 'OrgAdminAdded', data: { orgId: 'o1', userId: 'a1', by: 'a1' } },
];
const addAdmin = (userId: string, by: string, isMember = true): OrgCommand => ({
  type: 'AddOrgAdmin',
  data: { orgId: 'o1', userId, by, isMember },
});
const withSecondAdmin: OrgEvent[] = [
  ...created,
  { type: 'OrgAdminAdded', data: { orgId: 'o1', userId: 'a2', by: 'a1' } },
];

describe('organization decider', () => {
  it('given nothing, when someone creates an organization, then it exists with its creator as admin', () => {
    given(orgDecider).when(create).then(created);
  });

  it('refuses creating the same organization twice', () => {
    given(orgDecider, created).when(create).thenRefuses('ORGANIZATION_EXISTS');
  });

  it('given an organization, when its admin makes a member admin, then they are admin', () => {
    given(orgDecider, created).when(addAdmin('a2', 'a1')).then(withSecondAdmin.slice(2));
  });

  it('refuses an admin for someone outside the organization, and admin changes by non-admins', () => {
    given(orgDecider, created)
      .when(addAdmin('x', 'a1', false))
      .thenRefuses('MEMBER_NOT_FOUND');
    given(orgDecider, created).when(addAdmin('p1', 'p1')).thenRefuses('ORG_ADMINS_ONLY');
  });

  it('given an admin, when they are made admin again, then nothing happens', () => {
    given(orgDecider, withSecondAdmin).when(addAdmin('a2', 'a1')).then([]);
  });

  it('given two admins, when one removes the other, then they are no longer admin and cannot act', () => {
    const remove: OrgCommand = { type: 'RemoveOrgAdmin', data: { orgId: 'o1', userId: 'a2', by: 'a1' } };
    const removed: OrgEvent = { type: 'OrgAdminRemoved', data: { orgId: 'o1', userId: 'a2', by: 'a1' } };
    given(orgDecider, withSecondAdmin).when(remove).then([removed]);
    given(orgDecider, [...withSecondAdmin, removed])
      .when(addAdmin('a3', 'a2'))
      .thenRefuses('ORG_ADMINS_ONLY');
  });

  it('refuses removing the last admin', () => {
    given(orgDecider, created)
      .when({ type: 'RemoveOrgAdmin', data: { orgId: 'o1', userId: 'a1', by: 'a1' } })
      .thenRefuses('LAST_ADMIN');
  });

  it('refuses commands on an organization that does not exist', () => {
    given(orgDecider).when(addAdmin('a2', 'a1')).thenRefuses('ORGANIZATION_NOT_FOUND');
  });

  it('given settings, when an admin saves them, then only the changed fields are recorded', () => {
    given(orgDecider, created)
      .when({
        type: 'UpdateOrgSettings',
        data: {
          orgId: 'o1',
          by: 'a1',
          settings: { name: 'Riverside FC', primaryColor: '#1d4ed8', defaultRsvpPolicy: 'required', website: null },
        },
      })
      .then([
        {
          type: 'OrgSettingsUpdated',
          data: { orgId: 'o1', changes: { primaryColor: '#1d4ed8', defaultRsvpPolicy: 'required' }, by: 'a1' },
        },
      ]);
  });

  it('given saved settings, when the same values are saved again, then nothing is recorded; a cleared one is', () => {
    const saved: OrgEvent = {
      type: 'OrgSettingsUpdated',
      data: { orgId: 'o1', changes: { website: 'https://riverside.example' }, by: 'a1' },
    };
    const save = (website: string | null): OrgCommand => ({
      type: 'UpdateOrgSettings',
      data: { orgId: 'o1', by: 'a1', settings: { website } },
    });
    given(orgDecider, [...created, saved])
      .when(save('https://riverside.example'))
      .then([]);
    given(orgDecider, [...created, saved])
      .when(save(null))
      .then([{ type: 'OrgSettingsUpdated', data: { orgId: 'o1', changes: { website: null }, by: 'a1' } }]);
    const state = fold(orgDecider, [...created, saved]);
    expect(state.status === 'active' && state.settings).toMatchObject({
      name: 'Riverside FC',
      timezone: 'America/Chicago',
      website: 'https://riverside.example',
      defaultRsvpPolicy: 'optional',
    });
  });

  it('refuses settings from someone who is not an admin', () => {
    given(orgDecider, created)
      .when({ type: 'UpdateOrgSettings', data: { orgId: 'o1', by: 'p1', settings: { name: 'Mine' } } })
      .thenRefuses('ORG_ADMINS_ONLY');
  });
});
