import {
  sportById,
  sportIdOfName,
  type OrgMember,
  type Organization,
  type OrgSettings,
  type OrgTeam,
  type Season,
} from '@sideline/domain';

export function makeOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 'org-1',
    name: 'Riverside FC',
    description: null,
    timezone: 'America/Chicago',
    defaultSport: 'Soccer',
    myRole: 'org_admin',
    createdAt: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export function makeOrgTeam(overrides: Partial<OrgTeam> = {}): OrgTeam {
  return {
    id: 'team-1',
    name: 'U12 Tigers',
    sport: 'Basketball',
    ageGroup: 'U12',
    code: 'QWE234',
    isIndie: false,
    orgId: 'org-1',
    seasonId: 'season-1',
    seasonName: 'Spring 2026',
    coachId: null,
    coach: null,
    creatorId: 'u-1',
    memberCount: 3,
    timeZone: null,
    reminders: '48h+24h',
    isActive: true,
    lastActivityAt: null,
    createdAt: '2026-01-11T10:00:00.000Z',
    ...overrides,
  };
}

/** A season; its sport from `sportId`, else from `sport` (a name), else Basketball. */
export function makeSeason(overrides: Partial<Season> = {}): Season {
  const sportId = overrides.sportId ?? sportIdOfName(overrides.sport) ?? 'basketball';
  const sportName = sportById(sportId).name;
  return {
    id: 'season-1',
    orgId: 'org-1',
    name: 'Spring 2026',
    sportId,
    sportName,
    sport: sportName,
    startDate: '2026-03-01',
    endDate: '2026-06-30',
    isActive: true,
    status: 'Active',
    teamCount: 0,
    teams: [],
    createdAt: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export function makeOrgMember(overrides: Partial<OrgMember> = {}): OrgMember {
  return {
    id: 'u-1',
    userId: 'u-1',
    name: 'Jordan Smith',
    email: 'jordan@example.com',
    avatarUrl: null,
    role: 'org_admin',
    teamCount: 1,
    ...overrides,
  };
}

export const orgSettings: OrgSettings = {
  name: 'Riverside FC',
  description: 'Youth club',
  defaultSport: 'Soccer',
  timezone: 'America/Chicago',
  logoUrl: null,
  primaryColor: '#1d4ed8',
  secondaryColor: null,
  website: null,
  contactEmail: null,
  contactPhone: null,
  address: null,
  defaultRsvpPolicy: 'optional',
  autoApproveInvites: false,
  allowPublicRegistration: false,
  emailFooter: null,
};

/** A calendar day `offset` days from today on this machine (YYYY-MM-DD). */
export function dayFromToday(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
