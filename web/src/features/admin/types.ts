/**
 * What the admin portal's calls answer (spec part 2 §3 "Admin stats / match / person / media",
 * §7). The server's contract is /work/wt/admin-contract.md; where the domain package exports a
 * schema for a shape, its type is used instead of a copy here.
 */

export interface AdminUpcomingMatch {
  id: string;
  teamA: string;
  teamB: string;
  date: string;
  location: string | null;
  sport: string;
}

export interface AdminRecentActivity {
  id: string;
  description: string;
  timestamp: string;
}

/** GET /api/admin/stats */
export interface AdminStats {
  totalTeams: number;
  totalPlayers: number;
  totalMatches: number;
  /** Percent, 0–100. */
  attendanceRate: number;
  upcomingMatches: AdminUpcomingMatch[];
  recentActivity: AdminRecentActivity[];
}

/** GET /api/admin/seasons */
export interface AdminSeason {
  id: string;
  name: string;
  sport: string;
  startDate: string;
  endDate: string;
  isActive: boolean;
  teamCount: number;
  matchCount: number;
}

/** GET /api/admin/teams */
export interface AdminTeam {
  id: string;
  name: string;
  sport: string | null;
  ageGroup: string | null;
  organization: string | null;
  season: string | null;
  seasonId: string | null;
  coachName: string | null;
  teamCode: string | null;
  path: 'Indie' | 'Org' | string;
  memberCount?: number;
  playerCount?: number;
  isActive?: boolean;
}

export type AdminMatchStatus = 'scheduled' | 'in_progress' | 'completed' | 'complete' | 'cancelled' | string;

/** GET /api/admin/matches */
export interface AdminMatch {
  id: string;
  teamA: string;
  teamB: string;
  scoreA: number | null;
  scoreB: number | null;
  startTime: string;
  location: string | null;
  sport: string;
  status: AdminMatchStatus;
  seasonName: string | null;
}

export const adminRoles = ['coach', 'parent', 'player', 'org_admin'] as const;
export type AdminRole = (typeof adminRoles)[number];

/** GET /api/admin/people */
export interface AdminPerson {
  id: string;
  name: string;
  email: string | null;
  role: AdminRole | string;
  teamCount: number;
  connectedTeams: { teamName: string; teamSport: string | null }[];
  connectedOrgs: { orgName: string }[];
  joinedAt: string;
  path: string | null;
  isActive: boolean;
}

/** GET /api/admin/media */
export interface AdminMedia {
  id: string;
  fileName: string;
  fileType: 'image' | 'video' | string;
  fileSize: number;
  url: string;
  thumbnailUrl: string | null;
  teamName: string | null;
  seasonName: string | null;
  uploadedBy: string | null;
  uploadedAt: string;
  /** Where the file downloads from (Content-Disposition: attachment). */
  downloadUrl?: string;
}

/** One line of GET /api/admin/activity. */
export interface ActivityEntry {
  /** The event's id. */
  id: string;
  /** The event's global position in the log. */
  position: string;
  type: string;
  actorId: string | null;
  actorName: string | null;
  /** Whom the event is about (a message's sender, a person whose role changed), when not the actor. */
  subjectId?: string | null;
  subjectName?: string | null;
  description: string;
  teamId: string | null;
  teamName: string | null;
  timestamp: string;
  /** Safeguarding detail (a deleted or edited message's original text, …), when the event has one. */
  details?: Record<string, unknown> | null;
}

export interface ActivityPage {
  items: ActivityEntry[];
  nextCursor: string | null;
}

export interface ActivityFilters {
  userId?: string;
  teamId?: string;
  type?: string;
  from?: string;
  to?: string;
}
