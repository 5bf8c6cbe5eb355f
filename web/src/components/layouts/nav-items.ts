import type { UserRole } from '@sideline/domain';
import {
  Award,
  BookOpen,
  Building2,
  CalendarDays,
  CalendarRange,
  House,
  Image,
  LayoutDashboard,
  LayoutGrid,
  Menu,
  MessageCircle,
  Settings,
  Trophy,
  UsersRound,
  Video,
  type LucideIcon,
} from 'lucide-react';
import { builtScreens, paths, type BuiltScreens } from '../../config/paths.ts';

export interface NavEntry {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** A bottom-bar entry also stands for the screens reached through it (Games for a livestream). */
export interface BottomNavEntry extends NavEntry {
  /** The paths (besides `to`) under which this entry is the current one. */
  covers: readonly string[];
}

/** Spec part 2 §2: an entry is active when the path equals it or begins with it followed by '/'. */
export function isNavEntryActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function isOrgAdmin(role: UserRole): boolean {
  return role === 'org_admin';
}

type Candidate<T extends NavEntry> = T & { show: boolean };

function visible<T extends NavEntry>(candidates: Array<Candidate<T>>): T[] {
  return candidates.filter((c) => c.show).map(({ show: _show, ...entry }) => entry as unknown as T);
}

/** The screens reached through More: More is the current entry there. */
const moreCovers = [
  paths.teams,
  paths.team,
  paths.createTeam,
  paths.media,
  paths.gamification,
  paths.settings,
  paths.orgAdmin,
  paths.seasons,
  paths.admin,
] as const;

/** What Games stands for: matches, livestreams and the sports guide. */
const gamesCovers = [paths.games, paths.livestream, paths.sportsDemo] as const;

/**
 * Small screens: five entries at most, the same for every role, so a thumb finds them in the same
 * place on every phone: Home, Schedule, Chat, Games (matches and livestreams, read-only for
 * families) and More (everything else, see `moreSections`). Entries whose screen is not built are
 * left out.
 */
export function bottomNavEntries(_role: UserRole, built: BuiltScreens = builtScreens): BottomNavEntry[] {
  return visible<BottomNavEntry>([
    { label: 'Home', to: paths.home, icon: House, covers: [], show: true },
    { label: 'Schedule', to: paths.events, icon: CalendarDays, covers: [], show: built.events },
    { label: 'Chat', to: paths.chat, icon: MessageCircle, covers: [], show: built.chat },
    { label: 'Games', to: paths.matches, icon: Trophy, covers: gamesCovers, show: built.matches },
    { label: 'More', to: paths.more, icon: Menu, covers: moreCovers, show: true },
  ]);
}

/** The bottom-bar entry that is current at a path: Home only at '/', the others by prefix. */
export function activeBottomEntry(entries: readonly BottomNavEntry[], pathname: string): BottomNavEntry | null {
  return (
    entries.find((e) =>
      e.to === paths.home ? pathname === paths.home : [e.to, ...e.covers].some((to) => isNavEntryActive(pathname, to)),
    ) ?? null
  );
}

export interface MoreSection {
  title: string;
  entries: NavEntry[];
}

/**
 * The More screen: every screen the bottom bar has no room for, by what a person does there.
 * Teams, media and badges for everyone; the organization's pages for its admins; the account.
 */
export function moreSections(role: UserRole, built: BuiltScreens = builtScreens): MoreSection[] {
  const sections: Array<{ title: string; entries: Array<Candidate<NavEntry>> }> = [
    {
      title: 'Teams and media',
      entries: [
        { label: 'Teams', to: paths.teams, icon: UsersRound, show: built.teams },
        { label: 'Media', to: paths.media, icon: Image, show: built.media },
        { label: 'Badges & Rewards', to: paths.gamification, icon: Award, show: built.gamification },
        { label: 'Livestreams', to: paths.livestream, icon: Video, show: built.livestream },
      ],
    },
    {
      title: 'Organization',
      entries: [
        { label: 'Organization Admin', to: paths.orgAdmin, icon: Building2, show: isOrgAdmin(role) && built.orgAdmin },
        { label: 'Seasons', to: paths.seasons, icon: CalendarRange, show: isOrgAdmin(role) && built.seasons },
        { label: 'Admin Portal', to: paths.admin, icon: LayoutGrid, show: isOrgAdmin(role) && built.admin },
      ],
    },
    {
      title: 'Account',
      entries: [
        { label: 'Settings', to: paths.settings, icon: Settings, show: built.settings },
        { label: 'Sports & stats guide', to: paths.sportsDemo, icon: BookOpen, show: true },
      ],
    },
  ];
  return sections
    .map(({ title, entries }) => ({ title, entries: visible(entries) }))
    .filter((s) => s.entries.length > 0);
}

/**
 * Desktop sidebar: room for every screen, in the bottom bar's order first (Home, Schedule, Chat,
 * Games), then Teams and Media, Livestreams for coaches and admins, Seasons and the Admin Portal
 * for org admins. Unbuilt screens are left out.
 */
export function sidebarEntries(role: UserRole, built: BuiltScreens = builtScreens): NavEntry[] {
  return visible<NavEntry>([
    { label: 'Home', to: paths.home, icon: LayoutDashboard, show: true },
    { label: 'Schedule', to: paths.events, icon: CalendarDays, show: built.events },
    { label: 'Chat', to: paths.chat, icon: MessageCircle, show: built.chat },
    { label: 'Games', to: paths.matches, icon: Trophy, show: built.matches },
    { label: 'Teams', to: paths.teams, icon: UsersRound, show: built.teams },
    { label: 'Media', to: paths.media, icon: Image, show: built.media },
    { label: 'Livestreams', to: paths.livestream, icon: Video, show: built.livestream },
    { label: 'Seasons', to: paths.seasons, icon: CalendarRange, show: isOrgAdmin(role) && built.seasons },
    { label: 'Admin Portal', to: paths.admin, icon: LayoutGrid, show: isOrgAdmin(role) && built.admin },
  ]);
}

/** The sidebar's 'Organization Admin' link (org_admin, once /org-admin exists). */
export function orgAdminShortcut(role: UserRole, built: BuiltScreens = builtScreens): NavEntry | null {
  return isOrgAdmin(role) && built.orgAdmin
    ? { label: 'Organization Admin', to: paths.orgAdmin, icon: Building2 }
    : null;
}

/** The sidebar is hidden on the admin portal (/admin and below), which has its own navigation. */
export function sidebarVisibleAt(pathname: string): boolean {
  return !isNavEntryActive(pathname, paths.admin);
}
