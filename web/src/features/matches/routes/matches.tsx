import type { Match } from '@sideline/domain';
import { Plus, Trophy } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { useUser } from '../../auth/api.ts';
import { useMatches } from '../api.ts';
import { MatchCard } from '../components/match-card.tsx';
import {
  filterMatches,
  matchCounters,
  matchFilters,
  skeletonClassName,
  statusLabel,
  type MatchFilter,
} from '../lib/match-display.ts';

// The dialogs (forms, lineup, statistics, the match machine) load when first opened: the list
// shows without them.
const CreateMatchDialog = lazy(() =>
  import('../components/create-match-dialog.tsx').then((m) => ({ default: m.CreateMatchDialog })),
);
const MatchDetailDialog = lazy(() =>
  import('../components/match-detail-dialog.tsx').then((m) => ({ default: m.MatchDetailDialog })),
);

/**
 * /matches — Match Management (spec part 2 §2): filters, counters, match cards, the detail dialog
 * (lineup, statistics, playing time) and Create Match. Scores and statuses follow the socket's
 * `match_updated` frames while a match is played.
 */
export function MatchesRoute() {
  const user = useUser();
  const matches = useMatches();
  const [filter, setFilter] = useState<MatchFilter>('all');
  const [createOpen, setCreateOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Once opened, a dialog stays mounted (closed), so it can animate out and open at once again.
  const [opened, setOpened] = useState({ create: false, detail: false });
  // Coaches and admins schedule matches, as the navigation shows Matches to them (spec part 2 §6);
  // the server checks the teams. Everyone sees their own teams' matches.
  const role = user.data?.role;
  const canCreate = role === 'coach' || role === 'org_admin';
  // The dialog shows the list's current copy, so live changes reach it too.
  const selected: Match | null = matches.data?.find((m) => m.id === selectedId) ?? null;

  const createButton = canCreate ? (
    <Button
      onClick={() => {
        setOpened((o) => ({ ...o, create: true }));
        setCreateOpen(true);
      }}
    >
      <Plus className="size-4" aria-hidden="true" />
      Create Match
    </Button>
  ) : null;

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Match Management</h1>
        <p className="mt-0.5 text-sm text-slate-500">Create matches, manage lineups, and track performance</p>
      </div>
      <div className="flex items-center gap-3">
        <Link to={paths.sportsDemo} className="text-sm font-medium text-brand-700 hover:underline">
          Sports system
        </Link>
        {createButton}
      </div>
    </div>
  );

  const all = matches.data ?? [];
  const counters = matchCounters(all);
  const shown = filterMatches(all, filter);

  let body;
  if (matches.isPending) {
    body = (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading matches">
        {[0, 1, 2].map((i) => (
          <div key={i} aria-hidden="true" className={`h-64 ${skeletonClassName}`} data-testid="match-skeleton" />
        ))}
      </div>
    );
  } else if (matches.isError) {
    body = <LoadError title="Failed to fetch matches" error={matches.error} onRetry={() => void matches.refetch()} />;
  } else if (shown.length === 0) {
    body = (
      <Card>
        <EmptyState
          icon={Trophy}
          title="No matches found"
          description={
            filter === 'all'
              ? 'Create your first match to get started'
              : `No ${statusLabel(filter)} matches at the moment`
          }
        >
          {filter === 'all' ? createButton : null}
        </EmptyState>
      </Card>
    );
  } else {
    body = (
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
  }

  return (
    <div className="space-y-6">
      {header}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Match counters">
        <Counter label="Total Matches" value={counters.total} />
        <Counter label="Scheduled" value={counters.scheduled} />
        <Counter label="In Progress" value={counters.inProgress} />
        <Counter label="Completed" value={counters.completed} />
      </dl>
      <Tabs value={filter} onValueChange={(v) => setFilter(v as MatchFilter)}>
        <TabsList className="max-w-xl" aria-label="Filter matches">
          {matchFilters.map((f) => (
            <TabsTrigger key={f.value} value={f.value}>
              {f.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {matchFilters.map((f) => (
          <TabsContent key={f.value} value={f.value}>
            {f.value === filter ? body : null}
          </TabsContent>
        ))}
      </Tabs>
      <Suspense fallback={null}>
        {opened.create ? <CreateMatchDialog open={createOpen} onOpenChange={setCreateOpen} /> : null}
        {opened.detail ? (
          <MatchDetailDialog match={selected} onOpenChange={(open) => (open ? null : setSelectedId(null))} />
        ) : null}
      </Suspense>
    </div>
  );
}

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <Card className="px-4 py-3">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
    </Card>
  );
}
