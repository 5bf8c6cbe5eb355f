import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { OrgCommand } from './commands.ts';
import type { OrgEvent } from './events.ts';
import { defaultOrgSettings, type OrgSettings, type OrgSettingsPatch } from './schemas.ts';

export type OrgState =
  | { status: 'none' }
  | {
      status: 'active';
      orgId: string;
      admins: ReadonlySet<string>;
      settings: OrgSettings;
      /**
       * People this organization's admins deactivated: no access to its teams, and not its admins
       * (absent in states folded before deactivation existed).
       */
      deactivated?: ReadonlySet<string>;
    };

const notFound = () => new DomainError('not_found', 'ORGANIZATION_NOT_FOUND', 'Organization not found');
const adminsOnly = () => new DomainError('forbidden', 'ORG_ADMINS_ONLY', "Only the organization's admins can do this");

/** The fields of `patch` whose value differs from `current`. */
function changedSettings(current: OrgSettings, patch: OrgSettingsPatch): OrgSettingsPatch {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (current[key as keyof OrgSettings] !== value) changes[key] = value;
  }
  return changes as OrgSettingsPatch;
}

export const orgDecider: Decider<OrgCommand, OrgEvent, OrgState> = {
  initialState: { status: 'none' },
  decide(command, state) {
    if (command.type === 'CreateOrganization') {
      if (state.status !== 'none') {
        throw new DomainError('conflict', 'ORGANIZATION_EXISTS', 'This organization already exists');
      }
      const { orgId, name, description, timezone, defaultSport, creatorId } = command.data;
      return [
        {
          type: 'OrganizationCreated',
          data: { orgId, name, description, timezone, defaultSport, createdBy: creatorId },
        },
        { type: 'OrgAdminAdded', data: { orgId, userId: creatorId, by: creatorId } },
      ];
    }
    if (state.status === 'none') throw notFound();
    if (!state.admins.has(command.data.by)) throw adminsOnly();
    switch (command.type) {
      case 'AddOrgAdmin': {
        const { orgId, userId, by, isMember } = command.data;
        if (state.admins.has(userId)) return [];
        // Admin rights are access to the organization, which a deactivation has ended.
        if (state.deactivated?.has(userId)) {
          throw new DomainError('conflict', 'PERSON_DEACTIVATED', 'Reactivate this person before making them an admin');
        }
        // Only someone already in the club (a member of one of its teams) can be made its admin.
        if (!isMember) {
          throw new DomainError('not_found', 'MEMBER_NOT_FOUND', 'This person is not a member of the organization');
        }
        return [{ type: 'OrgAdminAdded', data: { orgId, userId, by } }];
      }
      case 'RemoveOrgAdmin': {
        const { orgId, userId, by } = command.data;
        if (!state.admins.has(userId)) return [];
        // An organization without admins could never be managed again.
        if (state.admins.size === 1) {
          throw new DomainError('conflict', 'LAST_ADMIN', 'An organization needs at least one admin');
        }
        return [{ type: 'OrgAdminRemoved', data: { orgId, userId, by } }];
      }
      case 'UpdateOrgSettings': {
        const { orgId, settings, by } = command.data;
        const changes = changedSettings(state.settings, settings);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'OrgSettingsUpdated', data: { orgId, changes, by } }];
      }
      case 'DeactivateOrgMember': {
        const { orgId, userId, by, isMember } = command.data;
        // Already deactivated (and so no longer a member as the read model sees it): nothing to do.
        if (state.deactivated?.has(userId)) return [];
        if (!isMember && !state.admins.has(userId)) {
          throw new DomainError('not_found', 'MEMBER_NOT_FOUND', 'This person is not a member of the organization');
        }
        if (userId === by) {
          throw new DomainError('conflict', 'CANNOT_DEACTIVATE_SELF', 'You cannot deactivate yourself');
        }
        return [{ type: 'OrgMemberDeactivated', data: { orgId, userId, by } }];
      }
      case 'ReactivateOrgMember': {
        const { orgId, userId, by } = command.data;
        if (!state.deactivated?.has(userId)) return [];
        return [{ type: 'OrgMemberReactivated', data: { orgId, userId, by } }];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'OrganizationCreated': {
        const { orgId, name, description, timezone, defaultSport } = event.data;
        return {
          status: 'active',
          orgId,
          admins: new Set(),
          settings: { ...defaultOrgSettings, name, description, timezone, defaultSport },
        };
      }
      case 'OrgAdminAdded': {
        if (state.status !== 'active') return state;
        return { ...state, admins: new Set([...state.admins, event.data.userId]) };
      }
      case 'OrgAdminRemoved': {
        if (state.status !== 'active') return state;
        const admins = new Set(state.admins);
        admins.delete(event.data.userId);
        return { ...state, admins };
      }
      case 'OrgSettingsUpdated': {
        if (state.status !== 'active') return state;
        return { ...state, settings: { ...state.settings, ...event.data.changes } };
      }
      case 'OrgMemberDeactivated':
      case 'OrgMemberReactivated': {
        if (state.status !== 'active') return state;
        const deactivated = new Set(state.deactivated);
        if (event.type === 'OrgMemberReactivated') {
          deactivated.delete(event.data.userId);
          return { ...state, deactivated };
        }
        deactivated.add(event.data.userId);
        // Deactivation ends every access to the organization, its administration included;
        // reactivation gives back the teams, and admin rights only when given again.
        const admins = new Set(state.admins);
        admins.delete(event.data.userId);
        return { ...state, admins, deactivated };
      }
    }
  },
};
