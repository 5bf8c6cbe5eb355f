import type { Livestream } from '@sideline/domain';
import { Clapperboard, Eye, Plus, Radio } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { streamPhase } from '../hooks/use-livestream-lifecycle.ts';
import { useNow } from '../hooks/use-now.ts';
import { scheduledText, startedText, streamTypeLabels } from '../lib/display.ts';
import { LivestreamStatusBadge } from './status-badge.tsx';

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: Livestream[] | undefined;
  refetch: () => unknown;
}

function viewersText(count: number) {
  return `${count.toLocaleString()} ${count === 1 ? 'viewer' : 'viewers'}`;
}

function rowClassName(selected: boolean) {
  return cn(
    'flex w-full items-start gap-3 rounded-xl border px-3 py-2.5 text-left transition-colors',
    selected ? 'border-brand-300 bg-brand-50' : 'border-slate-200 bg-white hover:bg-slate-50',
  );
}

/** 'Live Now' (spec §2): every active stream the user may watch, with viewers and start time. */
export function LiveNowCard({
  query,
  selectedId,
  onSelect,
}: {
  query: ListQuery;
  selectedId: string | null;
  onSelect: (stream: Livestream) => void;
}) {
  const now = useNow();
  return (
    <Card className="p-4">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Radio className="size-4 text-red-600" aria-hidden="true" />
        Live Now
      </h2>
      <div className="mt-3">
        {query.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading live streams" />
          </div>
        ) : query.isError ? (
          <LoadError title="Couldn't load the live streams" error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data!.length === 0 ? (
          <p className="py-4 text-center text-sm text-slate-500">No streams are live right now.</p>
        ) : (
          <ul className="space-y-2" aria-label="Live now">
            {query.data!.map((stream) => (
              <li key={stream.id}>
                <button
                  type="button"
                  className={rowClassName(stream.id === selectedId)}
                  aria-current={stream.id === selectedId ? 'true' : undefined}
                  onClick={() => onSelect(stream)}
                >
                  <span className="mt-1.5 size-2 shrink-0 animate-pulse rounded-full bg-red-600" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold text-slate-900">{stream.title}</span>
                    <span className="block truncate text-xs text-slate-600">
                      {stream.teamName} · {startedText(stream.actualStartTime, now) ?? 'Live'}
                    </span>
                  </span>
                  <span className="flex shrink-0 items-center gap-1 text-xs text-slate-700">
                    <Eye className="size-3.5" aria-hidden="true" />
                    <span aria-label={viewersText(stream.viewerCount)}>{stream.viewerCount.toLocaleString()}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

/** 'Team Livestreams' (spec §2): the selected team's streams, newest first; New Stream for managers. */
export function TeamLivestreamsCard({
  query,
  selectedId,
  onSelect,
  canCreate,
  onCreate,
}: {
  query: ListQuery;
  selectedId: string | null;
  onSelect: (stream: Livestream) => void;
  canCreate: boolean;
  onCreate: () => void;
}) {
  const now = useNow();
  return (
    <Card className="p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Clapperboard className="size-4 text-brand-600" aria-hidden="true" />
          Team Livestreams
        </h2>
        {canCreate ? (
          <Button size="sm" onClick={onCreate}>
            <Plus className="size-4" aria-hidden="true" />
            New Stream
          </Button>
        ) : null}
      </div>
      <div className="mt-3">
        {query.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading the team's livestreams" />
          </div>
        ) : query.isError ? (
          <LoadError
            title="Couldn't load the team's livestreams"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : query.data!.length === 0 ? (
          <EmptyState
            as="h3"
            icon={Clapperboard}
            title="No livestreams yet"
            description={
              canCreate ? 'Create your first livestream to get started' : 'Your coach has not set up a stream yet.'
            }
            compact
          />
        ) : (
          <ul className="space-y-2" aria-label="Team livestreams">
            {query.data!.map((stream) => {
              const when =
                stream.status === 'live'
                  ? startedText(stream.actualStartTime, now)
                  : scheduledText(stream.scheduledStartTime ?? null);
              return (
                <li key={stream.id}>
                  <button
                    type="button"
                    className={rowClassName(stream.id === selectedId)}
                    aria-current={stream.id === selectedId ? 'true' : undefined}
                    onClick={() => onSelect(stream)}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold text-slate-900">{stream.title}</span>
                      <span className="block truncate text-xs text-slate-600">
                        {streamTypeLabels[stream.streamType]}
                        {when ? ` · ${when}` : ''}
                      </span>
                    </span>
                    <LivestreamStatusBadge phase={streamPhase(stream)} className="shrink-0" />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
