import { seasonDisplayStatus } from '@sideline/domain';
import { CalendarRange, Pencil, Plus, Trash, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { seasonTeamsPath } from '../../../config/paths.ts';
import { adminPaths } from '../paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useOrgSeasons } from '../../seasons/api.ts';
import { SeasonFormDialog } from '../../seasons/components/season-form-dialog.tsx';
import { dateRange, localToday, statusTones } from '../../seasons/lib/season-display.ts';
import { useAdminSeasons, useDeleteAdminSeason, useSetSeasonActive } from '../api.ts';
import { useAdminContext } from '../components/admin-layout.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { CardGrid, CardsSkeleton, ItemCard, SectionError, SectionHeader } from '../components/section.tsx';
import type { AdminSeason } from '../types.ts';
import { choiceInputClassName, choiceLabelClassName } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import { RowActions } from '../../../components/ui/row-actions.tsx';

/** /admin/seasons, /admin/seasons/create, /admin/seasons/{id}/edit (spec part 2 §2). */
export function AdminSeasonsRoute() {
  const { organization, params } = useAdminContext();
  const { pathname } = useLocation();
  const seasonId = params.seasonId;
  const navigate = useNavigate();
  const seasons = useAdminSeasons();
  // The create and edit dialogs are the Seasons page's own, on the full season.
  const orgSeasons = useOrgSeasons(organization.id);
  const toggle = useSetSeasonActive();
  const remove = useDeleteAdminSeason();
  const [deleting, setDeleting] = useState<AdminSeason | null>(null);

  const creating = pathname === adminPaths.createSeason;
  const editing = seasonId ? (orgSeasons.data?.find((s) => s.id === seasonId) ?? null) : null;
  const back = () => void navigate(adminPaths.seasons);

  const setActive = (season: AdminSeason) =>
    toggle.mutate(
      { id: season.id, isActive: !season.isActive },
      {
        onSuccess: () =>
          toast({
            title: season.isActive ? 'Season deactivated' : 'Season activated',
            description: `${season.name} is now ${season.isActive ? 'inactive' : 'active'}.`,
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Failed to update season', description: getErrorMessage(error) }),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Season deleted', description: `${deleting.name} is gone.` });
        setDeleting(null);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to delete season', description: getErrorMessage(error) }),
    });
  };

  return (
    <div>
      <SectionHeader title="Seasons" description="Turn seasons on and off, and manage their teams.">
        <Link to={adminPaths.createSeason} className={buttonClassName('primary', 'md')}>
          <Plus className="size-4" aria-hidden="true" />
          Create Season
        </Link>
      </SectionHeader>
      {seasons.isPending ? (
        <CardsSkeleton />
      ) : seasons.isError ? (
        <SectionError title="Failed to fetch seasons" error={seasons.error} onRetry={() => void seasons.refetch()} />
      ) : seasons.data.length === 0 ? (
        <Card>
          <EmptyState icon={CalendarRange} title="No seasons yet" description="Create a season to group your teams." />
        </Card>
      ) : (
        <CardGrid label="Seasons">
          {seasons.data.map((season) => {
            const status = seasonDisplayStatus(season, localToday());
            return (
              <ItemCard key={season.id}>
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="truncate font-semibold text-slate-900">{season.name}</h2>
                    <p className="text-sm text-slate-500">{season.sport}</p>
                  </div>
                  <Badge tone={statusTones[status]}>{status}</Badge>
                </div>
                <p className="text-sm text-slate-600">{dateRange(season)}</p>
                <p className="flex items-center gap-1.5 text-sm text-slate-600">
                  <UsersRound className="size-3.5" aria-hidden="true" />
                  {season.teamCount} {season.teamCount === 1 ? 'team' : 'teams'} · {season.matchCount}{' '}
                  {season.matchCount === 1 ? 'match' : 'matches'}
                </p>
                <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
                  <label className={cn(choiceLabelClassName, 'mr-auto')}>
                    <input
                      type="checkbox"
                      role="switch"
                      className={choiceInputClassName}
                      checked={season.isActive}
                      disabled={toggle.isPending && toggle.variables?.id === season.id}
                      onChange={() => setActive(season)}
                      aria-label={`Active: ${season.name}`}
                    />
                    Active
                  </label>
                  <Link to={seasonTeamsPath(season.id)} className={buttonClassName('ghost', 'sm')}>
                    Teams
                  </Link>
                  <RowActions
                    label={`Actions for ${season.name}`}
                    actions={[
                      {
                        label: 'Edit',
                        name: `Edit ${season.name}`,
                        icon: Pencil,
                        to: adminPaths.editSeason(season.id),
                      },
                      {
                        label: 'Delete',
                        name: `Delete ${season.name}`,
                        icon: Trash,
                        onSelect: () => setDeleting(season),
                        destructive: true,
                      },
                    ]}
                  />
                </div>
              </ItemCard>
            );
          })}
        </CardGrid>
      )}
      <SeasonFormDialog
        orgId={organization.id}
        season={editing}
        open={creating || editing !== null}
        onOpenChange={(open) => (open ? undefined : back())}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'season'}?`}
        description="This cannot be undone. A season that still has teams cannot be deleted."
        confirmLabel="Delete Season"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
