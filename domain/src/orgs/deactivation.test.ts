import { describe, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { orgDecider } from './decider.ts';
import type { OrgCommand } from './commands.ts';
import type { OrgEvent } from './events.ts';

const created: OrgEvent[] = [
  {
    type: 'OrganizationCreated',
    data: {
      orgId: 'o1',
      name: 'Riverside FC',
      description: null,
      timezone: 'UTC',
      defaultSport: 'Soccer',
      createdBy: 'a1',
    },
  },
  { type: 'OrgAdminAdded', data: { orgId: 'o1', userId: 'a1', by: 'a1' } },
];
const deactivate = (userId: string, by = 'a1', isMember = true): OrgCommand => ({
  type: 'DeactivateOrgMember',
  data: { orgId: 'o1', userId, by, isMember },
});
const reactivate = (userId: string, by = 'a1'): OrgCommand => ({
  type: 'ReactivateOrgMember',
  data: { orgId: 'o1', userId, by },
});
const deactivated = (userId: string): OrgEvent => ({
  type: 'OrgMemberDeactivated',
  data: { orgId: 'o1', userId, by: 'a1' },
});

describe('org decider: deactivating people', () => {
  it('given a member, when an admin deactivates them, then they are deactivated', () => {
    given(orgDecider, created)
      .when(deactivate('p1'))
      .then([deactivated('p1')]);
  });

  it('refuses someone outside the organization, a non-admin, and the admin themself', () => {
    given(orgDecider, created)
      .when(deactivate('p1', 'a1', false))
      .thenRefuses('MEMBER_NOT_FOUND');
    given(orgDecider, created).when(deactivate('p1', 'coach')).thenRefuses('ORG_ADMINS_ONLY');
    given(orgDecider, created).when(deactivate('a1')).thenRefuses('CANNOT_DEACTIVATE_SELF');
  });

  it('given a deactivated person, deactivating again changes nothing; reactivating brings them back', () => {
    given(orgDecider, [...created, deactivated('p1')])
      .when(deactivate('p1'))
      .then([]);
    // The read model no longer counts them a member: still nothing to do, not a 404.
    given(orgDecider, [...created, deactivated('p1')])
      .when(deactivate('p1', 'a1', false))
      .then([]);
    given(orgDecider, [...created, deactivated('p1')])
      .when(reactivate('p1'))
      .then([{ type: 'OrgMemberReactivated', data: { orgId: 'o1', userId: 'p1', by: 'a1' } }]);
    given(orgDecider, created).when(reactivate('p1')).then([]);
  });

  it('given a deactivated admin, their admin rights are gone: they act as nobody, and become admin only once reactivated', () => {
    const coAdmin: OrgEvent = { type: 'OrgAdminAdded', data: { orgId: 'o1', userId: 'a2', by: 'a1' } };
    given(orgDecider, [...created, coAdmin])
      .when(deactivate('a2', 'a1', false))
      .then([deactivated('a2')]);
    const history = [...created, coAdmin, deactivated('a2')];
    given(orgDecider, history).when(deactivate('p1', 'a2')).thenRefuses('ORG_ADMINS_ONLY');
    given(orgDecider, history).when(reactivate('a2', 'a2')).thenRefuses('ORG_ADMINS_ONLY');
    given(orgDecider, history)
      .when({ type: 'AddOrgAdmin', data: { orgId: 'o1', userId: 'a2', by: 'a1', isMember: true } })
      .thenRefuses('PERSON_DEACTIVATED');
    const reactivated: OrgEvent = { type: 'OrgMemberReactivated', data: { orgId: 'o1', userId: 'a2', by: 'a1' } };
    given(orgDecider, [...history, reactivated])
      .when(deactivate('p1', 'a2'))
      .thenRefuses('ORG_ADMINS_ONLY');
    given(orgDecider, [...history, reactivated])
      .when({ type: 'AddOrgAdmin', data: { orgId: 'o1', userId: 'a2', by: 'a1', isMember: true } })
      .then([coAdmin]);
  });

  it('only admins of the organization that deactivated someone can reactivate them', () => {
    // Another organization's admin is nobody here.
    given(orgDecider, [...created, deactivated('p1')])
      .when(reactivate('p1', 'b1'))
      .thenRefuses('ORG_ADMINS_ONLY');
  });
});
