import type { OrgSettingsPatch } from './schemas.ts';

/** Any signed-in user may start an organization; they become its first admin. */
export type CreateOrganization = {
  type: 'CreateOrganization';
  data: {
    orgId: string;
    name: string;
    description: string | null;
    timezone: string;
    defaultSport: string;
    creatorId: string;
  };
};

/** `isMember`: whether the new admin belongs to the organization (read from the teams read model). */
export type AddOrgAdmin = {
  type: 'AddOrgAdmin';
  data: { orgId: string; userId: string; by: string; isMember: boolean };
};
export type RemoveOrgAdmin = { type: 'RemoveOrgAdmin'; data: { orgId: string; userId: string; by: string } };
export type UpdateOrgSettings = {
  type: 'UpdateOrgSettings';
  data: { orgId: string; settings: OrgSettingsPatch; by: string };
};

/** `isMember`: whether the person belongs to the organization (read from the teams read model). */
export type DeactivateOrgMember = {
  type: 'DeactivateOrgMember';
  data: { orgId: string; userId: string; by: string; isMember: boolean };
};
export type ReactivateOrgMember = {
  type: 'ReactivateOrgMember';
  data: { orgId: string; userId: string; by: string };
};

export type OrgCommand =
  CreateOrganization | AddOrgAdmin | RemoveOrgAdmin | UpdateOrgSettings | DeactivateOrgMember | ReactivateOrgMember;
