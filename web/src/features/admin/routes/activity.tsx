import { Download, History, Loader2, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { activityExportUrl, useActivity, useActivityTypes, useAdminPeople, useAdminTeams } from '../api.ts';
import { SectionError, SectionHeader } from '../components/section.tsx';
import { TeamFilter } from '../components/team-filter.tsx';
import { activityTypeLabel, activityTypes } from '../lib/activity.ts';
import { formatDateTime } from '../lib/format.ts';
import type { ActivityEntry, ActivityFilters } from '../types.ts';

const FILTER_KEYS = ['userId', 'teamId', 'type', 'from', 'to'] as const;

function ActivityRow({ entry }: { entry: ActivityEntry }) {
  return (
    <li className="px-4 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 text-sm text-slate-900">{entry.description}</p>
        <time dateTime={entry.timestamp} className="shrink-0 text-xs text-slate-500">
          {formatDateTime(entry.timestamp)}
        </time>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <Badge tone="neutral">{activityTypeLabel(entry.type)}</Badge>
        {entry.actorName ? <span>by {entry.actorName}</span> : null}
        {entry.subjectName && entry.subjectName !== entry.actorName ? <span>about {entry.subjectName}</span> : null}
        {entry.teamName ? (
          <span className="inline-flex items-center gap-1">
            <UsersRound className="size-3" aria-hidden="true" />
            in {entry.teamName}
          </span>
        ) : null}
        <span className="font-mono" title={`Event ${entry.id} at position ${entry.position}`}>
          #{entry.position}
        </span>
      </p>
    </li>
  );
}

/**
 * /admin/activity: every event of the organization, newest first (GET /api/admin/activity), with
 * filters by person, team, event type and date range, kept in the address so a view can be
 * shared; 'Load more' follows the cursor; CSV and NDJSON export the same selection.
 */
export function AdminActivityRoute() {
  const [params, setParams] = useSearchParams();
  // The filters start from the address (a shared view) and are mirrored into it.
  const [filters, setFilters] = useState<ActivityFilters>(() =>
    Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined]).filter(([, v]) => v)),
  );
  const activity = useActivity(filters);
  const people = useAdminPeople();
  const teams = useAdminTeams();
  const types = useActivityTypes();
  const entries = activity.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.keys(filters).length > 0;

  const apply = (next: ActivityFilters) => {
    setFilters(next);
    setParams(
      Object.fromEntries(Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1]))),
      { replace: true },
    );
  };
  const setFilter = (key: (typeof FILTER_KEYS)[number], value: string) =>
    apply({ ...filters, [key]: value || undefined });

  return (
    <div>
      <SectionHeader title="Activity" description="Who did what, and when: every change in the organization.">
        <a href={activityExportUrl(filters, 'csv')} className={buttonClassName('outline', 'md')} download>
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </a>
        <a href={activityExportUrl(filters, 'ndjson')} className={buttonClassName('outline', 'md')} download>
          <Download className="size-4" aria-hidden="true" />
          Export NDJSON
        </a>
      </SectionHeader>
      <Card className="mb-4 p-4">
        <form
          aria-label="Activity filters"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
          onSubmit={(e) => e.preventDefault()}
        >
          <div className="space-y-1.5">
            <Label htmlFor="activity-person">Person</Label>
            <NativeSelect
              id="activity-person"
              value={filters.userId ?? ''}
              onChange={(e) => setFilter('userId', e.target.value)}
            >
              <option value="">Everyone</option>
              {people.data?.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1.5">
            <TeamFilter
              id="activity-team"
              teams={teams.data}
              value={filters.teamId}
              onChange={(id) => setFilter('teamId', id)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="activity-type">Event type</Label>
            <NativeSelect
              id="activity-type"
              value={filters.type ?? ''}
              onChange={(e) => setFilter('type', e.target.value)}
            >
              <option value="">All events</option>
              {activityTypes(filters.type, types.data).map((type) => (
                <option key={type} value={type}>
                  {activityTypeLabel(type)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="activity-from">From</Label>
            <Input
              id="activity-from"
              type="date"
              value={filters.from ?? ''}
              max={filters.to}
              onChange={(e) => setFilter('from', e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="activity-to">To</Label>
            <Input
              id="activity-to"
              type="date"
              value={filters.to ?? ''}
              min={filters.from}
              onChange={(e) => setFilter('to', e.target.value)}
            />
          </div>
        </form>
        {filtered ? (
          <Button variant="ghost" size="sm" className="mt-3" onClick={() => apply({})}>
            Clear filters
          </Button>
        ) : null}
      </Card>
      {activity.isPending ? (
        <Card className="space-y-3 p-4" aria-busy="true" aria-label="Loading activity">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </Card>
      ) : activity.isError && entries.length === 0 ? (
        <SectionError title="Failed to fetch activity" error={activity.error} onRetry={() => void activity.refetch()} />
      ) : entries.length === 0 ? (
        <Card>
          <EmptyState
            icon={History}
            title={filtered ? 'No activity matches' : 'No activity yet'}
            description={
              filtered ? 'Try other filters or a wider date range.' : 'Changes in your organization show here.'
            }
          />
        </Card>
      ) : (
        <Card>
          <ol aria-label="Activity" aria-busy={activity.isFetching || undefined} className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <ActivityRow key={entry.id} entry={entry} />
            ))}
          </ol>
          {activity.hasNextPage ? (
            <div className="flex justify-center border-t border-slate-100 p-3">
              <Button
                variant="outline"
                onClick={() => void activity.fetchNextPage()}
                disabled={activity.isFetchingNextPage}
              >
                {activity.isFetchingNextPage ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
                Load more
              </Button>
            </div>
          ) : null}
        </Card>
      )}
    </div>
  );
}
