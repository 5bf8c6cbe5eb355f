import type { UserRole } from '@sideline/domain';
import {
  Building2,
  CalendarDays,
  CalendarRange,
  House,
  Image,
  LayoutDashboard,
  LayoutGrid,
  MessageCircle,
  Radio,
  ShieldCheck,
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

/** Spec part 2 §2: an entry is active when the path equals it or begins with it followed by '/'. */
export function isNavEntryActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Live / Matches / Livestream: coach and org_admin (spec part 1 §6, part 2 §6). */
export function canSeeLive(role: UserRole): boolean {
  return role === 'coach' || role === 'org_admin';
}

export function isOrgAdmin(role: UserRole): boolean {
  return role === 'org_admin';
}

type Candidate = NavEntry & { show: boolean };

function visible(candidates: Candidate[]): NavEntry[] {
  return candidates.filter((c) => c.show).map(({ label, to, icon }) => ({ label, to, icon }));
}

/**
 * Bottom navigation (small screens, spec part 1 §2): Home, Teams, Chat, Events, Media for
 * everyone; Live for coach and org_admin; Admin (/org-admin) for org_admin. Entries whose screen
 * is not built are left out. (The Profile menu follows these entries.)
 */
export function bottomNavEntries(role: UserRole, built: BuiltScreens = builtScreens): NavEntry[] {
  return visible([
    { label: 'Home', to: paths.home, icon: House, show: true },
    { label: 'Teams', to: paths.teams, icon: UsersRound, show: built.teams },
    { label: 'Chat', to: paths.chat, icon: MessageCircle, show: built.chat },
    { label: 'Events', to: paths.events, icon: CalendarDays, show: built.events },
    { label: 'Media', to: paths.media, icon: Image, show: built.media },
    { label: 'Live', to: paths.livestream, icon: Radio, show: canSeeLive(role) && built.livestream },
    { label: 'Admin', to: paths.orgAdmin, icon: ShieldCheck, show: isOrgAdmin(role) && built.orgAdmin },
  ]);
}

/**
 * Desktop sidebar (spec part 2 §2): Dashboard, Teams, Chat, Events, Media for everyone; Matches
 * and Livestream for coach and org_admin; Seasons and Admin Portal (/admin) for org_admin. Unbuilt
 * screens are left out.
 */
export function sidebarEntries(role: UserRole, built: BuiltScreens = builtScreens): NavEntry[] {
  return visible([
    { label: 'Dashboard', to: paths.home, icon: LayoutDashboard, show: true },
    { label: 'Teams', to: paths.teams, icon: UsersRound, show: built.teams },
    { label: 'Chat', to: paths.chat, icon: MessageCircle, show: built.chat },
    { label: 'Events', to: paths.events, icon: CalendarDays, show: built.events },
    { label: 'Media', to: paths.media, icon: Image, show: built.media },
    { label: 'Matches', to: paths.matches, icon: Trophy, show: canSeeLive(role) && built.matches },
    { label: 'Livestream', to: paths.livestream, icon: Video, show: canSeeLive(role) && built.livestream },
    { label: 'Seasons', to: paths.seasons, icon: CalendarRange, show: isOrgAdmin(role) && built.seasons },
    { label: 'Admin Portal', to: paths.admin, icon: LayoutGrid, show: isOrgAdmin(role) && built.admin },
  ]);
}

/** The sidebar's small 'Organization Admin' button (org_admin, once /org-admin exists). */
export function orgAdminShortcut(role: UserRole, built: BuiltScreens = builtScreens): NavEntry | null {
  return isOrgAdmin(role) && built.orgAdmin
    ? { label: 'Organization Admin', to: paths.orgAdmin, icon: Building2 }
    : null;
}

/** The sidebar is hidden on the admin portal (/admin and below), which has its own navigation. */
export function sidebarVisibleAt(pathname: string): boolean {
  return !isNavEntryActive(pathname, paths.admin);
}
