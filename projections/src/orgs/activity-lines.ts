import type {
  EventScheduled,
  LivestreamScheduled,
  MatchScheduled,
  MemberJoined,
  OrgAdminAdded,
  OrgAdminRemoved,
  OrganizationCreated,
  OrgSettingsUpdated,
  SeasonActivated,
  SeasonCreated,
  SeasonDeleted,
  SeasonUpdated,
  StatAmended,
  StatRetracted,
  TeamCreated,
  TeamRoleAssigned,
  TeamUpdated,
} from '@sideline/domain';
import { upcastAssignedRole } from '@sideline/domain';

/** What a line may need to know beyond its event: names of org teams and seasons, as of now. */
export interface ActivityContext {
  /** The name of an organization's team; undefined for a team outside any organization. */
  teamName(teamId: string): string | undefined;
  seasonName(seasonId: string): string | undefined;
}

export interface ActivityLine {
  /** Omitted for team events: the team's organization is used. */
  orgId?: string;
  teamId?: string;
  /** Someone the line is about besides the actor: `{subject}`. */
  subjectId?: string;
  /** `{actor}` (the event's actorId) and `{subject}` are replaced with names when read. */
  description: string;
}

type Line = (data: any, ctx: ActivityContext) => ActivityLine | null;

const settingLabels: Record<string, string> = {
  name: 'name',
  description: 'description',
  defaultSport: 'default sport',
  timezone: 'time zone',
  logoUrl: 'logo',
  primaryColor: 'primary colour',
  secondaryColor: 'secondary colour',
  website: 'website',
  contactEmail: 'contact email',
  contactPhone: 'contact phone',
  address: 'address',
  defaultRsvpPolicy: 'RSVP policy',
  autoApproveInvites: 'invite approval',
  allowPublicRegistration: 'public registration',
  emailFooter: 'email footer',
};

const roleWords: Record<string, string> = { coach: 'coach', parent: 'parent', player: 'player', other: 'member' };

const season = (ctx: ActivityContext, seasonId: string) => {
  const name = ctx.seasonName(seasonId);
  return name === undefined ? 'a season' : `the season ${name}`;
};

/**
 * The one place an event becomes a line of an organization's Recent Activity. An event type
 * without an entry here gives no line; events of teams outside any organization give none either.
 */
export const activityLines: Record<string, Line> = {
  OrganizationCreated: (d: OrganizationCreated['data']) => ({
    orgId: d.orgId,
    description: `{actor} created the organization ${d.name}`,
  }),
  // The creator's own admin right comes with the organization: one line, not two.
  OrgAdminAdded: (d: OrgAdminAdded['data']) =>
    d.userId === d.by ? null : { orgId: d.orgId, subjectId: d.userId, description: '{actor} made {subject} an admin' },
  OrgAdminRemoved: (d: OrgAdminRemoved['data']) =>
    d.userId === d.by
      ? { orgId: d.orgId, description: '{actor} stepped down as an admin' }
      : { orgId: d.orgId, subjectId: d.userId, description: '{actor} removed {subject} as an admin' },
  OrgSettingsUpdated: (d: OrgSettingsUpdated['data']) => ({
    orgId: d.orgId,
    // In the form's order (stored events are jsonb, which keeps no key order).
    description: `{actor} updated the settings: ${Object.keys(settingLabels)
      .filter((k) => k in d.changes)
      .map((k) => settingLabels[k])
      .join(', ')}`,
  }),
  SeasonCreated: (d: SeasonCreated['data']) => ({
    orgId: d.orgId,
    description: `{actor} created the season ${d.name} (${d.sport})`,
  }),
  SeasonUpdated: (d: SeasonUpdated['data']) => ({ orgId: d.orgId, description: `{actor} edited the season ${d.name}` }),
  SeasonActivated: (d: SeasonActivated['data'], ctx) => ({
    orgId: d.orgId,
    description: `{actor} activated ${season(ctx, d.seasonId)}`,
  }),
  SeasonDeactivated: (d: SeasonActivated['data'], ctx) => ({
    orgId: d.orgId,
    description: `{actor} deactivated ${season(ctx, d.seasonId)}`,
  }),
  SeasonDeleted: (d: SeasonDeleted['data'], ctx) => ({
    orgId: d.orgId,
    description: `{actor} deleted ${season(ctx, d.seasonId)}`,
  }),
  TeamCreated: (d: TeamCreated['data']) =>
    d.orgId ? { orgId: d.orgId, teamId: d.teamId, description: `{actor} created the team ${d.name}` } : null,
  TeamUpdated: (d: TeamUpdated['data'], ctx) =>
    ctx.teamName(d.teamId) === undefined
      ? null
      : { teamId: d.teamId, description: `{actor} edited the team ${d.name}` },
  MemberJoined: (d: MemberJoined['data'], ctx) => {
    const team = ctx.teamName(d.teamId);
    // The creator's join comes with TeamCreated.
    if (team === undefined || d.via === 'creator') return null;
    if (d.via === 'assignment') {
      return { teamId: d.teamId, subjectId: d.userId, description: `{actor} made {subject} the coach of ${team}` };
    }
    const role = roleWords[upcastAssignedRole(d.assignedRole)] ?? 'member';
    return { teamId: d.teamId, subjectId: d.userId, description: `{subject} joined ${team} as ${role}` };
  },
  TeamRoleAssigned: (d: TeamRoleAssigned['data'], ctx) => {
    const team = ctx.teamName(d.teamId);
    if (team === undefined) return null;
    const role = roleWords[d.assignedRole] ?? d.assignedRole;
    return { teamId: d.teamId, subjectId: d.userId, description: `{actor} made {subject} ${role} in ${team}` };
  },
  EventScheduled: (d: EventScheduled['data'], ctx) => {
    const team = ctx.teamName(d.teamId);
    if (team === undefined) return null;
    return { teamId: d.teamId, description: `{actor} scheduled ${d.title} for ${team}` };
  },
  LivestreamScheduled: (d: LivestreamScheduled['data'], ctx) => {
    const team = ctx.teamName(d.teamId);
    if (team === undefined) return null;
    return { teamId: d.teamId, description: `{actor} set up the livestream ${d.title} for ${team}` };
  },
  MatchScheduled: (d: MatchScheduled['data'], ctx) =>
    d.orgId ? { orgId: d.orgId, description: `{actor} scheduled a match in ${season(ctx, d.seasonId)}` } : null,
  // Corrections of match statistics are what an admin audits: who changed a recorded figure, and why.
  StatAmended: (d: StatAmended['data'], ctx) => {
    const team = ctx.teamName(d.teamId);
    if (team === undefined) return null;
    return {
      teamId: d.teamId,
      ...(d.userId ? { subjectId: d.userId } : {}),
      description: `{actor} corrected ${d.userId ? "{subject}'s" : 'a player’s'} ${d.statType.replaceAll('_', ' ')} in a match of ${team} from ${d.previousValue} to ${d.value}: ${d.reason}`,
    };
  },
  StatRetracted: (d: StatRetracted['data'], ctx) => {
    const team = ctx.teamName(d.teamId);
    if (team === undefined) return null;
    return {
      teamId: d.teamId,
      ...(d.userId ? { subjectId: d.userId } : {}),
      description: `{actor} retracted ${d.userId ? "{subject}'s" : 'a player’s'} ${d.statType.replaceAll('_', ' ')} (${d.value}) in a match of ${team}: ${d.reason}`,
    };
  },
};
