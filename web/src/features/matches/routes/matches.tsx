import type { Match } from '@sideline/domain';
import { BookOpen, ChevronRight, Plus, Radio, Trophy, Video } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { useUser } from '../../auth/api.ts';
import { useGamesLivestreams, useMatches } from '../api.ts';
import { MatchCard } from '../components/match-card.tsx';
import { gamesTabs, gamesTabOf, matchesOfTab, skeletonClassName, type GamesTab } from '../lib/match-display.ts';

// The dialogs (forms, lineup, statistics, the match machine) load when first opened: the list
// shows without them.
const CreateMatchDialog = lazy(() =>
  import('../components/create-match-dialog.tsx').then((m) => ({ default: m.CreateMatchDialog })),
);
const MatchDetailDialog = lazy(() =>
  import('../components/match-detail-dialog.tsx').then((m) => ({ default: m.MatchDetailDialog })),
);

/** The URL search parameter that holds the open tab (`?tab=live`), so a tab can be linked to. */
export const GAMES_TAB_PARAM = 'tab';

const emptyCopy: Record<Exclude<GamesTab, 'livestreams'>, { title: string; family: string; manager: string }> = {
  upcoming: {
    title: 'No games scheduled',
    family: "Your teams' next games show here as soon as a coach schedules them.",
    manager: 'Schedule a match and it shows here for your teams and their families.',
  },
  live: {
    title: 'No game in progress',
    family: 'When one of your teams kicks off, the live score shows here.',
    manager: 'Start a match from its details and the live score shows here.',
  },
  results: {
    title: 'No results yet',
    family: 'Finished games and their scores show here.',
    manager: 'Finished games and their scores show here.',
  },
};

/**
 * /matches — Games: the matches of the user's teams as Upcoming, Live and Results, and the
 * livestreams on now, for everyone (families read; coaches and admins also create and manage).
 * Scores and statuses follow the socket's `match_updated` frames while a match is played.
 */
export function MatchesRoute() {
  const user = useUser();
  const matches = useMatches();
  const [searchParams, setSearchParams] = useSearchParams();
  const [createOpen, setCreateOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Once opened, a dialog stays mounted (closed), so it can animate out and open at once again.
  const [opened, setOpened] = useState({ create: false, detail: false });
  const role = user.data?.role;
  // Coaches and admins schedule matches (spec part 2 §6); the server checks the teams.
  const canCreate = role === 'coach' || role === 'org_admin';
  const all = matches.data ?? [];
  const tab = gamesTabOf(searchParams.get(GAMES_TAB_PARAM), all);
  const livestreams = useGamesLivestreams({ enabled: tab === 'livestreams' });
  // The dialog shows the list's current copy, so live changes reach it too.
  const selected: Match | null = all.find((m) => m.id === selectedId) ?? null;

  const openCreate = () => {
    setOpened((o) => ({ ...o, create: true }));
    setCreateOpen(true);
  };
  const selectTab = (value: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(GAMES_TAB_PARAM, value);
        return next;
      },
      { replace: true },
    );

  const matchList = (shown: Match[], empty: (typeof emptyCopy)[keyof typeof emptyCopy]) => {
    if (matches.isPending) {
      return (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading games">
          {[0, 1, 2].map((i) => (
            <div key={i} aria-hidden="true" className={`h-64 ${skeletonClassName}`} data-testid="match-skeleton" />
          ))}
        </div>
      );
    }
    if (matches.isError) {
      return (
        <LoadError title="Couldn't load your games" error={matches.error} onRetry={() => void matches.refetch()} />
      );
    }
    if (shown.length === 0) {
      return (
        <Card>
          <EmptyState icon={Trophy} title={empty.title} description={canCreate ? empty.manager : empty.family} />
        </Card>
      );
    }
    return (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Matches">
        {shown.map((match, index) => (
          <li key={match.id}>
            <MatchCard
              match={match}
              index={index}
              onView={() => {
                setOpened((o) => ({ ...o, detail: true }));
                setSelectedId(match.id);
              }}
            />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Games</h1>
          <p className="mt-0.5 text-sm text-slate-600">Live scores, fixtures, results and livestreams of your teams</p>
        </div>
        {canCreate ? (
          <Button onClick={openCreate}>
            <Plus className="size-4" aria-hidden="true" />
            Create Match
          </Button>
        ) : null}
      </div>
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList className="max-w-2xl" aria-label="Games">
          {gamesTabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {gamesTabs.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            {t.value !== tab ? null : t.value === 'livestreams' ? (
              <LivestreamsTab query={livestreams} />
            ) : (
              matchList(matchesOfTab(all, t.value), emptyCopy[t.value])
            )}
          </TabsContent>
        ))}
      </Tabs>
      <Link
        to={paths.sportsDemo}
        className="flex min-h-14 items-center gap-3 rounded-2xl border border-slate-200/80 bg-white px-4 py-2 text-sm shadow-sm shadow-slate-900/5 hover:bg-slate-50"
      >
        <BookOpen className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-slate-900">Sports &amp; stats guide</span>
          <span className="block text-slate-600">Positions, stats and how XP is earned, sport by sport</span>
        </span>
        <ChevronRight className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      </Link>
      <Suspense fallback={null}>
        {opened.create ? <CreateMatchDialog open={createOpen} onOpenChange={setCreateOpen} /> : null}
        {opened.detail ? (
          <MatchDetailDialog match={selected} onOpenChange={(open) => (open ? null : setSelectedId(null))} />
        ) : null}
      </Suspense>
    </div>
  );
}

/** The Livestreams tab: streams live now (the caller's teams and public ones), and the full screen. */
function LivestreamsTab({ query }: { query: ReturnType<typeof useGamesLivestreams> }) {
  let body;
  if (query.isPending) {
    body = <div aria-busy="true" aria-label="Loading livestreams" className={`h-24 ${skeletonClassName}`} />;
  } else if (query.isError) {
    body = <LoadError title="Couldn't load the livestreams" error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    body = (
      <Card>
        <EmptyState
          icon={Video}
          title="No livestream on now"
          description="Streams of your teams show here while they are live."
        />
      </Card>
    );
  } else {
    body = (
      <ul className="space-y-2" aria-label="Live now">
        {query.data.map((stream) => (
          <li key={stream.id}>
            <Link
              to={`${paths.livestream}?team=${encodeURIComponent(stream.teamId)}&stream=${encodeURIComponent(stream.id)}`}
              className="flex min-h-14 items-center gap-3 rounded-2xl border border-slate-200/80 bg-white px-4 py-2 hover:bg-slate-50"
            >
              <Radio className="size-5 shrink-0 text-red-600" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-slate-900">{stream.title}</span>
                <span className="block truncate text-xs text-slate-600">{stream.teamName}</span>
              </span>
              <ChevronRight className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="space-y-3">
      {body}
      <Link to={paths.livestream} className={buttonClassName('outline', 'md', 'w-full')}>
        <Video className="size-4" aria-hidden="true" />
        All livestreams
      </Link>
    </div>
  );
}
