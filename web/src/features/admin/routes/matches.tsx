import { acceptedMatchCommands, type Match, type MatchStatus } from '@sideline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, Eye, MapPinned, Pencil, Plus, Trophy, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { adminPaths } from '../paths.ts';
import { api, getErrorMessage } from '../../../lib/api-client.ts';
import { invalidateStale } from '../../../lib/query-client.ts';
import { adminApiPaths } from '../query-keys.ts';
import { adminStale, useAdminMatches, useCancelAdminMatch } from '../api.ts';
import { useAdminContext } from '../components/admin-layout.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { CreateMatchDialog } from '../../matches/components/create-match-dialog.tsx';
import { CardGrid, CardsSkeleton, ItemCard, SectionError, SectionHeader } from '../components/section.tsx';
import { formatDateTime, matchStatusTone, statusLabel } from '../lib/format.ts';
import type { AdminMatch } from '../types.ts';
import { RowActions } from '../../../components/ui/row-actions.tsx';

/** The admin list says 'completed' where the match lifecycle says 'complete'. */
function lifecycleStatus(status: string): MatchStatus | null {
  if (status === 'completed') return 'complete';
  return (['scheduled', 'in_progress', 'complete', 'cancelled'] as const).find((s) => s === status) ?? null;
}

const statusActions = [
  { command: 'StartMatch', status: 'in_progress', label: 'Start Match' },
  { command: 'CompleteMatch', status: 'complete', label: 'Complete Match' },
] as const;

/** PUT /api/matches/{id} {status}: Start Match, Complete Match (spec part 2 §4). */
function useSetMatchStatus() {
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'in_progress' | 'complete' }) =>
      api.put<Match>(adminApiPaths.match(id), { status }),
    meta: { invalidates: adminStale },
  });
}

function score(match: AdminMatch): string | null {
  return match.scoreA === null || match.scoreB === null ? null : `${match.scoreA} – ${match.scoreB}`;
}

/** /admin/matches/{id} (details) and /admin/matches/{id}/edit (status changes the lifecycle allows). */
function MatchDialog({
  match,
  editing,
  onClose,
  onCancelMatch,
}: {
  match: AdminMatch | null;
  editing: boolean;
  onClose: () => void;
  onCancelMatch: (match: AdminMatch) => void;
}) {
  const setStatus = useSetMatchStatus();
  const status = match ? lifecycleStatus(match.status) : null;
  const accepted = status ? acceptedMatchCommands(status) : [];
  const actions = statusActions.filter((a) => accepted.includes(a.command));
  const change = (next: 'in_progress' | 'complete') => {
    if (!match) return;
    setStatus.mutate(
      { id: match.id, status: next },
      {
        onSuccess: () => toast({ title: 'Success', description: 'Match status updated successfully' }),
        onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error) }),
      },
    );
  };
  return (
    <Dialog open={match !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent width="lg">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Match' : `${match?.sport ?? ''} Match Details`}</DialogTitle>
          <DialogDescription>
            {match ? `${match.teamA} vs ${match.teamB}` : ''}
            {match?.seasonName ? ` · ${match.seasonName}` : ''}
          </DialogDescription>
        </DialogHeader>
        {match ? (
          <div className="mt-3 space-y-4">
            <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 text-sm">
              <dt className="text-slate-500">Status</dt>
              <dd>
                <Badge tone={matchStatusTone(match.status)}>{statusLabel(match.status)}</Badge>
              </dd>
              <dt className="text-slate-500">Start</dt>
              <dd className="text-slate-800">{formatDateTime(match.startTime)}</dd>
              <dt className="text-slate-500">Location</dt>
              <dd className="text-slate-800">{match.location ?? '—'}</dd>
              <dt className="text-slate-500">Score</dt>
              <dd className="text-slate-800">{score(match) ?? '—'}</dd>
            </dl>
            <div className="flex flex-wrap justify-end gap-2">
              {!editing ? (
                <Link to={adminPaths.editMatch(match.id)} className={buttonClassName('outline', 'md')}>
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit
                </Link>
              ) : null}
              {editing
                ? actions.map((a) => (
                    <Button key={a.command} onClick={() => change(a.status)} disabled={setStatus.isPending}>
                      {a.label}
                    </Button>
                  ))
                : null}
              {accepted.includes('CancelMatch') ? (
                <Button variant="destructive" onClick={() => onCancelMatch(match)}>
                  <Ban className="size-4" aria-hidden="true" />
                  Cancel Match
                </Button>
              ) : null}
            </div>
            {editing && accepted.length === 0 ? (
              <p className="text-sm text-slate-500">A {statusLabel(match.status).toLowerCase()} match cannot change.</p>
            ) : null}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** /admin/matches, /admin/matches/create, /admin/matches/{id}, /admin/matches/{id}/edit (spec part 2 §2). */
export function AdminMatchesRoute() {
  const { params } = useAdminContext();
  const { pathname } = useLocation();
  const matchId = params.matchId;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const matches = useAdminMatches();
  const cancel = useCancelAdminMatch();
  const [cancelling, setCancelling] = useState<AdminMatch | null>(null);
  const back = () => void navigate(adminPaths.matches);
  const selected = matchId ? (matches.data?.find((m) => m.id === matchId) ?? null) : null;

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: () => {
        toast({ title: 'Match cancelled', description: `${cancelling.teamA} vs ${cancelling.teamB} is cancelled.` });
        setCancelling(null);
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error) }),
    });
  };

  return (
    <div>
      <SectionHeader title="Matches" description="Every match of the organization's seasons.">
        <Link to={adminPaths.createMatch} className={buttonClassName('primary', 'md')}>
          <Plus className="size-4" aria-hidden="true" />
          Create Match
        </Link>
      </SectionHeader>
      {matches.isPending ? (
        <CardsSkeleton />
      ) : matches.isError ? (
        <SectionError title="Failed to fetch matches" error={matches.error} onRetry={() => void matches.refetch()} />
      ) : matches.data.length === 0 ? (
        <Card>
          <EmptyState
            icon={Trophy}
            title="No matches yet"
            description="Create a match between two teams of a season."
          />
        </Card>
      ) : (
        <CardGrid label="Matches">
          {matches.data.map((match) => {
            const status = lifecycleStatus(match.status);
            const cancellable = status ? acceptedMatchCommands(status).includes('CancelMatch') : false;
            return (
              <ItemCard key={match.id}>
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="flex items-center gap-1.5 font-semibold text-slate-900">
                      <UsersRound className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                      {match.teamA} vs {match.teamB}
                    </h2>
                    <p className="text-sm text-slate-500">
                      {match.sport}
                      {match.seasonName ? ` · ${match.seasonName}` : ''}
                    </p>
                  </div>
                  <Badge tone={matchStatusTone(match.status)}>{statusLabel(match.status)}</Badge>
                </div>
                <p className="text-sm text-slate-700">{formatDateTime(match.startTime)}</p>
                {match.location ? (
                  <p className="flex items-center gap-1 text-sm text-slate-600">
                    <MapPinned className="size-3.5" aria-hidden="true" />
                    {match.location}
                  </p>
                ) : null}
                {score(match) ? <p className="text-lg font-bold text-slate-900">{score(match)}</p> : null}
                <div className="mt-auto flex flex-wrap gap-2 pt-1">
                  <Link
                    to={adminPaths.match(match.id)}
                    className={buttonClassName('ghost', 'sm')}
                    aria-label={`Details of ${match.teamA} vs ${match.teamB}`}
                  >
                    <Eye className="size-3.5" aria-hidden="true" />
                    Details
                  </Link>
                  <RowActions
                    label={`Actions for ${match.teamA} vs ${match.teamB}`}
                    actions={[
                      {
                        label: 'Edit',
                        name: `Edit ${match.teamA} vs ${match.teamB}`,
                        icon: Pencil,
                        to: adminPaths.editMatch(match.id),
                      },
                      ...(cancellable
                        ? [
                            {
                              label: 'Cancel Match',
                              icon: Ban,
                              onSelect: () => setCancelling(match),
                              destructive: true,
                            },
                          ]
                        : []),
                    ]}
                  />
                </div>
              </ItemCard>
            );
          })}
        </CardGrid>
      )}
      <CreateMatchDialog
        open={pathname === adminPaths.createMatch}
        onOpenChange={(open) => (open ? undefined : back())}
        onScheduled={() => invalidateStale(queryClient, adminStale)}
      />
      <MatchDialog
        match={selected}
        editing={selected !== null && pathname === adminPaths.editMatch(selected.id)}
        onClose={back}
        onCancelMatch={setCancelling}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this match?"
        description={
          cancelling
            ? `${cancelling.teamA} vs ${cancelling.teamB} on ${formatDateTime(cancelling.startTime)} will be cancelled. Its history is kept.`
            : ''
        }
        confirmLabel="Cancel Match"
        pendingLabel="Cancelling..."
        pending={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setCancelling(null)}
      />
    </div>
  );
}
