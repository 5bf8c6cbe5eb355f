import { Eye, Pencil, Plus, Trash, UserPlus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { teamPath } from '../../../config/paths.ts';
import { adminPaths } from '../paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useOrgTeams } from '../../orgs/api.ts';
import { InviteMemberDialog } from '../../orgs/components/invite-member-dialog.tsx';
import { CreateOrgTeamDialog, EditOrgTeamDialog } from '../../orgs/components/team-dialogs.tsx';
import { useAdminTeams, useDeleteAdminTeam } from '../api.ts';
import { useAdminContext } from '../components/admin-layout.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { CardGrid, CardsSkeleton, ItemCard, SectionError, SectionHeader } from '../components/section.tsx';
import type { AdminTeam } from '../types.ts';
import { RowActions } from '../../../components/ui/row-actions.tsx';

/** /admin/teams, /admin/teams/create, /admin/teams/{id}/edit, /admin/teams/{id}/invite (spec part 2 §2). */
export function AdminTeamsRoute() {
  const { organization, params } = useAdminContext();
  const { pathname } = useLocation();
  const teamId = params.teamId;
  const navigate = useNavigate();
  const teams = useAdminTeams();
  // The create, edit and invite dialogs are the organization console's, on the org's teams.
  const orgTeams = useOrgTeams(organization.id);
  const remove = useDeleteAdminTeam();
  const [deleting, setDeleting] = useState<AdminTeam | null>(null);

  const back = () => void navigate(adminPaths.teams);
  const selected = teamId ? (orgTeams.data?.find((t) => t.id === teamId) ?? null) : null;
  const editing = selected && pathname === adminPaths.editTeam(selected.id) ? selected : null;
  const inviting = selected && pathname === adminPaths.inviteToTeam(selected.id) ? selected : null;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Team deleted', description: `${deleting.name} is gone.` });
        setDeleting(null);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to delete team', description: getErrorMessage(error) }),
    });
  };

  return (
    <div>
      <SectionHeader title="Teams" description="Every team of the organization.">
        <Link to={adminPaths.createTeam} className={buttonClassName('primary', 'md')}>
          <Plus className="size-4" aria-hidden="true" />
          Add Team
        </Link>
      </SectionHeader>
      {teams.isPending ? (
        <CardsSkeleton />
      ) : teams.isError ? (
        <SectionError title="Failed to fetch teams" error={teams.error} onRetry={() => void teams.refetch()} />
      ) : teams.data.length === 0 ? (
        <Card>
          <EmptyState icon={UsersRound} title="No teams yet" description="Add your first team to a season." />
        </Card>
      ) : (
        <CardGrid label="Teams">
          {teams.data.map((team) => (
            <ItemCard key={team.id}>
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="truncate font-semibold text-slate-900">{team.name}</h2>
                  <p className="text-sm text-slate-500">
                    {[team.sport, team.ageGroup].filter(Boolean).join(' · ') || 'No sport set'}
                  </p>
                </div>
                <Badge tone={team.path === 'Indie' ? 'purple' : 'blue'}>{team.path}</Badge>
              </div>
              <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-500">Season</dt>
                <dd className="truncate text-slate-800">{team.season ?? '—'}</dd>
                <dt className="text-slate-500">Coach</dt>
                <dd className="truncate text-slate-800">{team.coachName ?? 'No coach yet'}</dd>
                <dt className="text-slate-500">Team code</dt>
                <dd className="font-mono text-slate-800">{team.teamCode ?? '—'}</dd>
              </dl>
              <div className="mt-auto flex flex-wrap gap-2 pt-1">
                <Link
                  to={teamPath(team.id)}
                  className={buttonClassName('ghost', 'sm')}
                  aria-label={`View ${team.name}`}
                >
                  <Eye className="size-3.5" aria-hidden="true" />
                  View
                </Link>
                <RowActions
                  label={`Actions for ${team.name}`}
                  actions={[
                    { label: 'Edit', name: `Edit ${team.name}`, icon: Pencil, to: adminPaths.editTeam(team.id) },
                    {
                      label: 'Invite',
                      name: `Invite to ${team.name}`,
                      icon: UserPlus,
                      to: adminPaths.inviteToTeam(team.id),
                    },
                    {
                      label: 'Delete',
                      name: `Delete ${team.name}`,
                      icon: Trash,
                      onSelect: () => setDeleting(team),
                      destructive: true,
                    },
                  ]}
                />
              </div>
            </ItemCard>
          ))}
        </CardGrid>
      )}
      <CreateOrgTeamDialog
        orgId={organization.id}
        open={pathname === adminPaths.createTeam}
        onOpenChange={(open) => (open ? undefined : back())}
      />
      <EditOrgTeamDialog orgId={organization.id} team={editing} onClose={back} />
      <InviteMemberDialog
        orgId={organization.id}
        teams={inviting ? [inviting] : []}
        open={inviting !== null}
        onOpenChange={(open) => (open ? undefined : back())}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'team'}?`}
        description="The team leaves every list and read, and its members lose access to it. Nothing is erased: its history (messages, events, matches) stays in the activity audit."
        confirmLabel="Delete Team"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
