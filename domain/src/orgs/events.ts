import type { OrgSettingsPatch } from './schemas.ts';

export const orgStream = (orgId: string) => `org-${orgId}`;

export type OrganizationCreated = {
  type: 'OrganizationCreated';
  data: {
    orgId: string;
    name: string;
    description: string | null;
    timezone: string;
    defaultSport: string;
    createdBy: string;
  };
};

/** Someone administers the organization (its creator first). */
export type OrgAdminAdded = { type: 'OrgAdminAdded'; data: { orgId: string; userId: string; by: string } };
export type OrgAdminRemoved = { type: 'OrgAdminRemoved'; data: { orgId: string; userId: string; by: string } };

/** The settings that changed, and only those (a history of who changed what). */
export type OrgSettingsUpdated = {
  type: 'OrgSettingsUpdated';
  data: { orgId: string; changes: OrgSettingsPatch; by: string };
};

/**
 * An admin deactivated a person of the organization: their access to this organization ends
 * (its teams, seasons, chat, media, streams and calendar feeds, and its administration if they
 * had it). Their account, their sessions and their other organizations and teams are untouched;
 * nothing they wrote is removed.
 */
export type OrgMemberDeactivated = {
  type: 'OrgMemberDeactivated';
  data: { orgId: string; userId: string; by: string };
};
/** An admin of the same organization undid a deactivation: the person's teams there are theirs again. */
export type OrgMemberReactivated = {
  type: 'OrgMemberReactivated';
  data: { orgId: string; userId: string; by: string };
};

export type OrgEvent =
  | OrganizationCreated
  | OrgAdminAdded
  | OrgAdminRemoved
  | OrgSettingsUpdated
  | OrgMemberDeactivated
  | OrgMemberReactivated;
export const orgEventTypes = [
  'OrganizationCreated',
  'OrgAdminAdded',
  'OrgAdminRemoved',
  'OrgSettingsUpdated',
  'OrgMemberDeactivated',
  'OrgMemberReactivated',
] as const satisfies readonly OrgEvent['type'][];
