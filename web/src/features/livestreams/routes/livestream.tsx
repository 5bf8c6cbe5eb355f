import type { Livestream, Team, User } from '@sideline/domain';
import { MonitorPlay, Users } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useUser } from '../../auth/api.ts';
import { TeamSwitcher } from '../../teams/components/team-switcher.tsx';
import { useTeams } from '../../teams/api.ts';
import { useSelectedTeam } from '../../teams/selected-team.ts';
import { useActiveLivestreams, useLivestream, useTeamLivestreams } from '../api.ts';
import { LiveNowCard, TeamLivestreamsCard } from '../components/livestream-lists.tsx';
import { useCanManageTeam } from '../hooks/use-can-manage-team.ts';
import { useLivestreamsLive } from '../hooks/use-livestreams-live.ts';

// Loaded, with its form and validation, when it first opens.
const CreateLivestreamDialog = lazy(() =>
  import('../components/create-livestream-dialog.tsx').then((module) => ({ default: module.CreateLivestreamDialog })),
);

// The selected stream's panel (its player, live chat and lifecycle machine) loads once a stream is
// chosen: the lists show first without it.
const LivestreamDetail = lazy(() =>
  import('../components/livestream-detail.tsx').then((module) => ({ default: module.LivestreamDetail })),
);

/** The URL search parameter that holds the selected stream (shareable, survives a reload). */
export const STREAM_SEARCH_PARAM = 'stream';

/**
 * /livestream (spec part 2 §2): 'Live Streaming', a team selector, the team's livestreams (with
 * New Stream for its coaches and organization admins), Live Now, and the selected stream's detail
 * panel with its player and live chat. Everything updates live from the socket.
 */
export function LivestreamRoute() {
  const { data: user } = useUser();
  const teams = useTeams();
  useLivestreamsLive();

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Live Streaming</h1>
        <p className="text-sm text-slate-600">Broadcast live sports events and team activities</p>
      </header>
      {teams.isPending || !user ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading livestreams" />
        </div>
      ) : teams.isError ? (
        <LoadError title="Couldn't load your teams" error={teams.error} onRetry={() => void teams.refetch()} />
      ) : (
        <LivestreamScreen teams={teams.data} user={user} />
      )}
    </div>
  );
}

function LivestreamScreen({ teams, user }: { teams: Team[]; user: User }) {
  const { selectedTeam, selectTeam } = useSelectedTeam(teams, user.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = searchParams.get(STREAM_SEARCH_PARAM);
  const [creating, setCreating] = useState(false);
  // Mounted from the first opening on, so it can animate closed.
  const [dialogWanted, setDialogWanted] = useState(false);
  if (!dialogWanted && creating) setDialogWanted(true);
  // Full stream keys this page was handed (create, rotate): shown once, kept only in memory.
  const [revealedKeys, setRevealedKeys] = useState<Record<string, string>>({});
  const canCreate = useCanManageTeam(selectedTeam, user);

  const teamStreams = useTeamLivestreams(selectedTeam?.id ?? null);
  const active = useActiveLivestreams();
  const listed = [...(teamStreams.data ?? []), ...(active.data ?? [])].find((s) => s.id === selectedId);
  // A public stream of another team sends this user no socket frames: its panel polls instead.
  const memberTeamIds = useMemo(() => new Set(teams.map((t) => t.id)), [teams]);
  const detail = useLivestream(selectedId, memberTeamIds);
  const stream = detail.data ?? listed;

  const select = (id: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(STREAM_SEARCH_PARAM, id);
        return next;
      },
      { replace: true },
    );
  const reveal = (created: Livestream) => {
    const key = created.streamKey;
    if (key) setRevealedKeys((keys) => ({ ...keys, [created.id]: key }));
  };

  return (
    <>
      {selectedTeam ? (
        <TeamSwitcher teams={teams} selectedTeam={selectedTeam} onSelect={selectTeam} align="start" />
      ) : (
        <Card className="flex items-center gap-3 p-4">
          <Users className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
          <p className="min-w-0 flex-1 text-sm text-slate-700">Join a team to watch and run its livestreams.</p>
          <Link to={paths.teams} className={buttonClassName('outline', 'sm')}>
            Find a team
          </Link>
        </Card>
      )}
      <div className="grid gap-4 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="min-w-0 space-y-4">
          <LiveNowCard query={active} selectedId={selectedId} onSelect={(s) => select(s.id)} />
          {selectedTeam ? (
            <TeamLivestreamsCard
              query={teamStreams}
              selectedId={selectedId}
              onSelect={(s) => select(s.id)}
              canCreate={canCreate}
              onCreate={() => setCreating(true)}
            />
          ) : null}
        </div>
        {/* On a phone the chosen stream comes first, above the lists. */}
        <div className={selectedId ? 'order-first min-w-0 lg:order-none' : 'min-w-0'}>
          {!selectedId ? (
            <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
              <MonitorPlay className="size-10 text-slate-400" aria-hidden="true" />
              <p className="text-sm text-slate-600">Select a livestream to view details</p>
            </Card>
          ) : stream ? (
            <Suspense fallback={<DetailSpinner />}>
              <LivestreamDetail
                key={stream.id}
                stream={stream}
                revealedKey={revealedKeys[stream.id] ?? null}
                onKeyRevealed={reveal}
                currentUserId={user.id}
                poll={!memberTeamIds.has(stream.teamId)}
              />
            </Suspense>
          ) : detail.isError ? (
            isApiError(detail.error) && (detail.error.status === 404 || detail.error.status === 403) ? (
              <Card className="px-6 py-16 text-center text-sm text-slate-600">
                This livestream isn't available. It may belong to a team you're not in.
              </Card>
            ) : (
              <LoadError
                title="Couldn't load the livestream"
                error={detail.error}
                onRetry={() => void detail.refetch()}
              />
            )
          ) : (
            <DetailSpinner />
          )}
        </div>
      </div>
      {selectedTeam && canCreate && dialogWanted ? (
        <Suspense fallback={null}>
          <CreateLivestreamDialog
            team={selectedTeam}
            open={creating}
            onOpenChange={setCreating}
            onCreated={(created) => {
              reveal(created);
              select(created.id);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function DetailSpinner() {
  return (
    <div className="flex justify-center py-16">
      <Spinner label="Loading the livestream" />
    </div>
  );
}
