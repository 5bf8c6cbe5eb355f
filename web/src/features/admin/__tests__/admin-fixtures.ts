import type { User } from '@sideline/domain';
import { mockFetch, sampleUser } from '../../../test/utils.tsx';
import { makeOrganization, makeOrgTeam, makeSeason, orgSettings } from '../../orgs/__tests__/org-fixtures.ts';
import type {
  ActivityEntry,
  AdminMatch,
  AdminMedia,
  AdminPerson,
  AdminSeason,
  AdminStats,
  AdminTeam,
} from '../types.ts';

export const admin: User = { ...sampleUser, role: 'org_admin' };

export const stats: AdminStats = {
  orgId: 'org-1',
  orgName: 'Riverside FC',
  totalTeams: 6,
  totalPlayers: 48,
  totalMatches: 9,
  attendanceRate: 83.4,
  liveNow: 0,
  liveMatches: [],
  upcomingMatches: [1, 2, 3, 4].map((n) => ({
    id: `m-${n}`,
    teamA: `Home ${n}`,
    teamB: `Away ${n}`,
    date: `2026-12-0${n}T15:00:00.000Z`,
    location: n === 1 ? 'North Field' : null,
    sport: 'Soccer',
  })),
  recentActivity: [1, 2, 3, 4, 5, 6].map((n) => ({
    id: `a-${n}`,
    description: `Line ${n} happened`,
    timestamp: new Date(Date.now() - n * 60_000).toISOString(),
  })),
};

export const seasons: AdminSeason[] = [
  {
    id: 'season-1',
    orgId: 'org-1',
    name: 'Spring 2026',
    sport: 'Basketball',
    sportName: 'Basketball',
    sportId: 'basketball',
    startDate: '2026-03-01',
    endDate: '2026-06-30',
    isActive: true,
    status: 'Active',
    teamCount: 2,
    teams: [{ id: 'team-1', name: 'U12 Tigers' }],
    matchCount: 5,
    createdAt: '2026-01-10T10:00:00.000Z',
  },
];

export const teams: AdminTeam[] = [
  {
    id: 'team-1',
    name: 'U12 Tigers',
    sport: 'Basketball',
    ageGroup: 'U12',
    code: 'QWE234',
    teamCode: 'QWE234',
    coachId: 'u-2',
    coachName: 'Casey Coach',
    coach: { id: 'u-2', name: 'Casey Coach' },
    seasonId: 'season-1',
    season: 'Spring 2026',
    orgId: 'org-1',
    organization: 'Riverside FC',
    creatorId: 'u-1',
    isIndie: false,
    path: 'Org',
    memberCount: 5,
    playerCount: 3,
    matchCount: 2,
    isActive: true,
    createdAt: '2026-01-11T10:00:00.000Z',
  },
];

export const matches: AdminMatch[] = [
  {
    id: 'match-1',
    teamA: 'U12 Tigers',
    teamB: 'U12 Lions',
    teamAId: 'team-1',
    teamBId: 'team-2',
    seasonId: 'season-1',
    scoreA: null,
    scoreB: null,
    startTime: '2026-12-05T15:00:00.000Z',
    location: 'North Field',
    sport: 'Basketball',
    status: 'scheduled',
    seasonName: 'Spring 2026',
  },
  {
    id: 'match-2',
    teamA: 'U12 Tigers',
    teamB: 'U12 Bears',
    teamAId: 'team-1',
    teamBId: 'team-3',
    seasonId: 'season-1',
    scoreA: 3,
    scoreB: 1,
    startTime: '2026-10-05T15:00:00.000Z',
    location: null,
    sport: 'Basketball',
    status: 'completed',
    seasonName: 'Spring 2026',
  },
];

export function makePerson(overrides: Partial<AdminPerson> = {}): AdminPerson {
  return {
    id: 'u-2',
    name: 'Casey Coach',
    email: 'casey@example.com',
    role: 'coach',
    teamCount: 3,
    connectedTeams: [
      { teamId: 'team-1', teamName: 'U12 Tigers', teamSport: 'Basketball' },
      { teamId: 'team-4', teamName: 'U14 Hawks', teamSport: 'Soccer' },
      { teamId: 'team-5', teamName: 'U16 Owls', teamSport: 'Soccer' },
    ],
    connectedOrgs: [{ orgId: 'org-1', orgName: 'Riverside FC' }],
    joinedAt: '2026-01-12T10:00:00.000Z',
    path: 'Org',
    isActive: true,
    ...overrides,
  };
}

export function makeMedia(overrides: Partial<AdminMedia> = {}): AdminMedia {
  return {
    id: 'media-1',
    fileName: 'goal.jpg',
    fileType: 'image',
    contentType: 'image/jpeg',
    fileSize: 1536,
    url: '/api/media/goal.jpg',
    thumbnailUrl: '/api/media/goal-thumb.jpg',
    downloadUrl: '/api/admin/media/media-1/download',
    teamId: 'team-1',
    teamName: 'U12 Tigers',
    seasonName: 'Spring 2026',
    uploadedBy: 'Casey Coach',
    uploadedById: 'u-2',
    uploadedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeActivity(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: 'ev-1',
    position: '101',
    type: 'MessageDeleted',
    actorId: 'u-2',
    actorName: 'Casey Coach',
    subjectId: 'u-3',
    subjectName: 'Riley Parent',
    description: 'Casey Coach deleted Riley Parent’s message in U12 Tigers: “see you at 5”',
    teamId: 'team-1',
    teamName: 'U12 Tigers',
    timestamp: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The portal's calls, answered for an org admin of Riverside FC; `extra` adds or overrides. */
export function portalFetch(extra: Parameters<typeof mockFetch>[0] = {}, user: User = admin) {
  return mockFetch({
    'GET /api/user': { status: 200, body: user },
    'GET /api/teams': { status: 200, body: [] },
    'GET /api/organizations': { status: 200, body: [makeOrganization()] },
    'GET /api/organizations/org-1/teams': { status: 200, body: [makeOrgTeam()] },
    'GET /api/organizations/org-1/seasons': { status: 200, body: [makeSeason()] },
    'GET /api/admin/stats': { status: 200, body: stats },
    'GET /api/admin/seasons': { status: 200, body: seasons },
    'GET /api/admin/teams': { status: 200, body: teams },
    'GET /api/admin/matches': { status: 200, body: matches },
    'GET /api/admin/people': { status: 200, body: [makePerson()] },
    'GET /api/admin/media': { status: 200, body: [makeMedia()] },
    'GET /api/admin/settings': { status: 200, body: orgSettings },
    'GET /api/admin/activity': { status: 200, body: { items: [makeActivity()], nextCursor: null } },
    ...extra,
  });
}
