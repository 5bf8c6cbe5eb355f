import { sportById, type Match, type Stat } from '@sideline/domain';

/**
 * The Games screen's tabs: Upcoming (scheduled), Live (in progress), Results (completed and
 * cancelled), and the livestreams on now.
 */
export const gamesTabs = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'live', label: 'Live' },
  { value: 'results', label: 'Results' },
  { value: 'livestreams', label: 'Livestreams' },
] as const;
export type GamesTab = (typeof gamesTabs)[number]['value'];

const isGamesTab = (value: string | null): value is GamesTab => gamesTabs.some((t) => t.value === value);

/**
 * The tab asked for, else the one with what matters now: Live while a game is played, else
 * Upcoming while one is scheduled, else Results once there are any.
 */
export function gamesTabOf(requested: string | null, matches: readonly Match[]): GamesTab {
  if (isGamesTab(requested)) return requested;
  if (matches.some((m) => m.status === 'in_progress')) return 'live';
  if (matches.some((m) => m.status === 'scheduled')) return 'upcoming';
  return matches.length > 0 ? 'results' : 'upcoming';
}

const byStart = (a: Match, b: Match) => a.startTime.localeCompare(b.startTime);

/** A tab's matches: the next first while upcoming or live, the latest first among results. */
export function matchesOfTab(matches: readonly Match[], tab: Exclude<GamesTab, 'livestreams'>): Match[] {
  switch (tab) {
    case 'upcoming':
      return matches.filter((m) => m.status === 'scheduled').sort(byStart);
    case 'live':
      return matches.filter((m) => m.status === 'in_progress').sort(byStart);
    case 'results':
      return matches.filter((m) => m.status === 'complete' || m.status === 'cancelled').sort((a, b) => byStart(b, a));
  }
}

/** Underscores shown as spaces (spec part 2 §4). */
export const statusLabel = (status: string) => status.replaceAll('_', ' ');

/**
 * Badge colours: scheduled blue, in_progress yellow, complete green, other grey (spec part 2 §4).
 * The classes of the shared Badge, spelled out: importing it from these lazy screens would split
 * the chunk it shares with Home and cost Home's first load a request.
 */
const statusColours: Record<string, string> = {
  scheduled: 'bg-blue-50 text-blue-700 ring-blue-200',
  in_progress: 'bg-amber-50 text-amber-800 ring-amber-200',
  complete: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
};
export const pillClassName = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';
export const statusBadgeClassName = (status: string) =>
  `${pillClassName} capitalize ${statusColours[status] ?? 'bg-slate-100 text-slate-700 ring-slate-200'}`;

/**
 * The shared Skeleton's look (a grey pulsing block, hidden from assistive tech), spelled out for
 * the same reason as the status colours.
 */
export const skeletonClassName = 'animate-pulse rounded-xl bg-slate-200/70';

/** '{sport name} Match' — the sport by the catalogue, 'Unknown Sport' when it is not known. */
export const matchTitle = (match: Pick<Match, 'sportId'>) => `${sportById(match.sportId).name} Match`;

/** A score as entered (whole numbers, or hundredths for timed sports). */
export const scoreText = (value: number) =>
  Number.isInteger(value) ? String(value) : value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** Stat types offered by sport (spec part 2 §9; unknown sport: points and performance). */
export const statTypesOf = (sportId: string) => sportById(sportId).statTypes;

export const statTypeLabel = (statType: string) =>
  statType
    .split('_')
    .map((w, i) => (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ');

/** Stats grouped by a key, in first-seen order. */
export function groupStats(stats: readonly Stat[], key: (s: Stat) => string): Array<[string, Stat[]]> {
  const groups = new Map<string, Stat[]>();
  for (const stat of stats) {
    const k = key(stat);
    groups.set(k, [...(groups.get(k) ?? []), stat]);
  }
  return [...groups];
}

/** Minutes as a person reads them: "12 min", "1 h 5 min". */
export function minutesText(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  return `${hours} h ${whole % 60} min`;
}

/** What ended or began a stretch on the field, in words. */
export function ledgerEventLabel(type: string): string {
  switch (type) {
    case 'MatchStarted':
      return 'Kick-off';
    case 'Substituted':
      return 'Substitution';
    case 'MatchCompleted':
      return 'Final whistle';
    case 'MatchCancelled':
      return 'Match cancelled';
    case 'ParticipantRemoved':
      return 'Left the lineup';
    default:
      return type.replaceAll(/([a-z])([A-Z])/g, '$1 $2');
  }
}
