import { sports, type Season } from '@sideline/domain';
import { CalendarRange, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useOrganizations } from '../../orgs/api.ts';
import { useOrgSeasons } from '../api.ts';
import { SeasonCard } from '../components/season-card.tsx';

export const NO_ORG_TEXT = 'You need to be part of an organization to manage seasons.';
const ALL = 'all';

// The dialogs load, with their form and validation, when one first opens.
const SeasonFormDialog = lazy(() =>
  import('../components/season-form-dialog.tsx').then((module) => ({ default: module.SeasonFormDialog })),
);
const DeleteSeasonDialog = lazy(() =>
  import('../components/delete-season-dialog.tsx').then((module) => ({ default: module.DeleteSeasonDialog })),
);

/** /seasons — Season Management (spec part 2 §2): sport filter, season cards, create/edit/delete. */
export function SeasonsRoute() {
  const organizations = useOrganizations();
  // The organization the user administers first, else the first they are in (read only).
  const organization = organizations.data?.[0] ?? null;
  const seasons = useOrgSeasons(organization?.id ?? null);
  const [sport, setSport] = useState(ALL);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Season | null>(null);
  const [deleting, setDeleting] = useState<Season | null>(null);
  // Mounted from the first opening on, so a dialog can animate closed.
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (!dialogsWanted && (formOpen || deleting !== null)) setDialogsWanted(true);
  const canManage = organization?.myRole === 'org_admin';

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Season Management</h1>
        <p className="mt-0.5 text-sm text-slate-500">
          {organization ? `Seasons of ${organization.name}` : 'Group your teams by sport and dates'}
        </p>
      </div>
      {canManage ? (
        <Button
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          <Plus className="size-4" aria-hidden="true" />
          Create Season
        </Button>
      ) : null}
    </div>
  );

  if (organizations.isPending || (organization && seasons.isPending)) {
    return (
      <div className="space-y-6">
        {header}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56" />
          ))}
        </div>
      </div>
    );
  }
  const failure = organizations.error ?? seasons.error;
  if (failure) {
    return (
      <div className="space-y-6">
        {header}
        <LoadError
          title="Failed to fetch seasons"
          error={failure}
          onRetry={() => void (organizations.isError ? organizations.refetch() : seasons.refetch())}
        />
      </div>
    );
  }
  if (!organization) {
    return (
      <div className="space-y-6">
        {header}
        <Card>
          <EmptyState icon={CalendarRange} title="No organization" description={NO_ORG_TEXT} />
        </Card>
      </div>
    );
  }
  const all = seasons.data ?? [];
  const shown = sport === ALL ? all : all.filter((s) => s.sport === sport);
  return (
    <div className="space-y-6">
      {header}
      <div className="max-w-xs">
        <label htmlFor="season-sport-filter" className="sr-only">
          Filter by sport
        </label>
        <NativeSelect id="season-sport-filter" value={sport} onChange={(e) => setSport(e.target.value)}>
          <option value={ALL}>All Sports</option>
          {sports.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect>
      </div>
      {shown.length === 0 ? (
        <Card>
          <EmptyState
            icon={CalendarRange}
            title={all.length === 0 ? 'No seasons yet' : 'No seasons for this sport'}
            description={
              canManage ? 'Create a season, then add its teams.' : 'Your organization has not set up seasons yet.'
            }
          />
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Seasons">
          {shown.map((season) => (
            <li key={season.id}>
              <SeasonCard
                season={season}
                canManage={canManage}
                onEdit={() => {
                  setEditing(season);
                  setFormOpen(true);
                }}
                onDelete={() => setDeleting(season)}
              />
            </li>
          ))}
        </ul>
      )}
      {dialogsWanted ? (
        <Suspense fallback={null}>
          <SeasonFormDialog orgId={organization.id} season={editing} open={formOpen} onOpenChange={setFormOpen} />
          <DeleteSeasonDialog orgId={organization.id} season={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
