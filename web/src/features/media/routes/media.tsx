import { canManageMedia, type MediaFilter, type MediaItem, type Team, type User } from '@sideline/domain';
import { ArrowLeft, Images, Radio, Upload } from 'lucide-react';
import { lazy, Suspense, useMemo, useRef, useState, type ComponentType } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { builtScreens, paths } from '../../../config/paths.ts';
import { useUser } from '../../auth/api.ts';
import { TeamSwitcher } from '../../teams/components/team-switcher.tsx';
import { useTeams } from '../../teams/api.ts';
import { teamManagementFacts } from '../../teams/team-display.ts';
import { useDeleteMedia, useTeamMedia, useToggleLike } from '../api.ts';
import { MediaTile } from '../components/media-tile.tsx';
import { NoTeam } from '../components/no-team.tsx';
import { TagPlayers } from '../components/tag-players.tsx';
import { useMediaLive } from '../hooks/use-media-live.ts';
import { useMediaUpload } from '../hooks/use-media-upload.ts';
import { mediaPath } from '../paths.ts';

/**
 * The Game Recap card belongs to the recap slice (features/recap/components/recap-card.tsx). It is
 * picked up at build time when that file exists, so this screen never imports a missing module.
 */
const recapModules = import.meta.glob<{ RecapCard?: ComponentType<{ teamId: string }> }>(
  '../../recap/components/recap-card.tsx',
  { eager: true },
);
const RecapCard = Object.values(recapModules)[0]?.RecapCard ?? null;

const filters: ReadonlyArray<{ value: MediaFilter; label: string; empty: string }> = [
  { value: 'all', label: 'All', empty: 'media' },
  { value: 'photo', label: 'Photos', empty: 'photos' },
  { value: 'video', label: 'Videos', empty: 'videos' },
  { value: 'highlight', label: 'Highlights', empty: 'highlights' },
];

/**
 * /media and /media/:teamId (spec §2 Media Hub): the team in the route, otherwise the user's
 * first team; 'Join a Team First' without a team; an unknown team id falls back to /media.
 */
export function MediaRoute() {
  const { teamId } = useParams();
  const { data: user } = useUser();
  const teams = useTeams();

  if (teams.isPending || !user) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading media" />
      </div>
    );
  }
  if (teams.isError)
    return <LoadError title="Couldn't load the media" error={teams.error} onRetry={() => void teams.refetch()} />;
  if (teams.data.length === 0) return <NoTeam />;
  const team = teamId ? teams.data.find((t) => t.id === teamId) : teams.data[0];
  if (!team) return <Navigate to={paths.media} replace />;
  return <MediaHub key={team.id} team={team} teams={teams.data} user={user} />;
}

// The viewer (a Radix dialog) loads when an item first opens.
const MediaViewer = lazy(() =>
  import('../components/media-viewer.tsx').then((module) => ({ default: module.MediaViewer })),
);

function MediaHub({ team, teams, user }: { team: Team; teams: Team[]; user: User }) {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<MediaFilter>('all');
  const [searchParams, setSearchParams] = useSearchParams();
  const media = useTeamMedia(team.id, filter);
  // The players tagged for the next upload; cleared once it is stored.
  const [tagged, setTagged] = useState<Set<string>>(() => new Set());
  const upload = useMediaUpload(team.id, () => setTagged(new Set()));
  const like = useToggleLike(team.id);
  const remove = useDeleteMedia(team.id);
  useMediaLive(team.id);
  const fileInput = useRef<HTMLInputElement>(null);
  const isManager = canManageMedia(teamManagementFacts(team, user.id));

  const items = useMemo(() => media.data?.pages.flat() ?? [], [media.data]);
  const openId = searchParams.get('item');
  const open = openId ? (items.find((m) => m.id === openId) ?? null) : null;
  // Mounted from the first opening on, so it can animate closed.
  const [viewerWanted, setViewerWanted] = useState(false);
  if (!viewerWanted && open !== null) setViewerWanted(true);

  const openItem = (item: MediaItem) => setSearchParams({ item: item.id });
  const closeViewer = () => setSearchParams({}, { replace: true });
  const chooseFile = () => fileInput.current?.click();
  const current = filters.find((f) => f.value === filter)!;

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <header className="space-y-3">
        <div className="flex items-center gap-2">
          <Link to="/" aria-label="Back to home" className={buttonClassName('ghost', 'icon', '-ml-2 shrink-0')}>
            <ArrowLeft className="size-5" aria-hidden="true" />
          </Link>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-lg leading-tight font-bold tracking-tight text-slate-900">Media Hub</h1>
            <p className="truncate text-xs text-slate-600">Photos and videos from your team</p>
          </div>
          <Button onClick={chooseFile} disabled={upload.uploading} className="shrink-0">
            <Upload className="size-4" aria-hidden="true" />
            {upload.uploading ? 'Uploading...' : 'Upload'}
          </Button>
        </div>
        <TeamSwitcher teams={teams} selectedTeam={team} onSelect={(id) => navigate(mediaPath(id))} align="start" />
        <input
          ref={fileInput}
          type="file"
          accept="image/*,video/*"
          className="sr-only"
          tabIndex={-1}
          aria-label="Photo or video to upload"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.pick(file, [...tagged]);
          }}
        />
        <TagPlayers teamId={team.id} selected={tagged} onChange={setTagged} disabled={upload.uploading} />
      </header>

      {upload.uploading ? (
        <div className="rounded-xl border border-slate-200 bg-white p-3">
          <div className="flex items-center justify-between gap-2 text-sm">
            <span className="truncate text-slate-700">Uploading {upload.fileName}</span>
            <Button variant="ghost" size="sm" onClick={upload.cancel}>
              Cancel
            </Button>
          </div>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={upload.progress ?? undefined}
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width]"
              style={{ width: `${upload.progress ?? 5}%` }}
            />
          </div>
        </div>
      ) : null}

      {/* 'Start Live Stream' shows once livestreams exist: no dead 'Go Live' button. */}
      {builtScreens.livestream && isManager ? (
        <div className="flex items-center gap-3 rounded-2xl bg-gradient-to-r from-rose-600 to-orange-500 p-4 text-white">
          <Radio className="size-6 shrink-0" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">Start Live Stream</p>
            <p className="text-sm text-white/80">Broadcast the game to your team</p>
          </div>
          <Link to={paths.livestream} className={buttonClassName('secondary', 'sm')}>
            Go Live
          </Link>
        </div>
      ) : null}

      <Tabs value={filter} onValueChange={(value) => setFilter(value as MediaFilter)}>
        <TabsList aria-label="Filter media">
          {filters.map((f) => (
            <TabsTrigger key={f.value} value={f.value}>
              {f.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={filter} marginClassName="mt-4">
          {media.isPending ? (
            <div className="flex justify-center py-16">
              <Spinner label="Loading media" />
            </div>
          ) : media.isError ? (
            <LoadError title="Couldn't load the media" error={media.error} onRetry={() => void media.refetch()} />
          ) : items.length === 0 ? (
            filter === 'all' ? (
              <EmptyState
                icon={Images}
                title="No media yet"
                description="Start sharing photos and videos with your team!"
              >
                <Button onClick={chooseFile} disabled={upload.uploading}>
                  <Upload className="size-4" aria-hidden="true" />
                  Upload Media
                </Button>
              </EmptyState>
            ) : (
              <EmptyState
                icon={Images}
                title={`No ${current.empty} yet`}
                description="Nothing here for this filter yet."
              />
            )
          ) : (
            <>
              <ul className="grid grid-cols-2 gap-3" aria-label={`${current.label} media`}>
                {items.map((item) => (
                  <li key={item.id}>
                    <MediaTile item={item} onOpen={() => openItem(item)} />
                  </li>
                ))}
              </ul>
              {media.hasNextPage ? (
                <div className="mt-4 flex justify-center">
                  <Button
                    variant="outline"
                    onClick={() => void media.fetchNextPage()}
                    disabled={media.isFetchingNextPage}
                  >
                    {media.isFetchingNextPage ? 'Loading...' : 'Load more'}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </TabsContent>
      </Tabs>

      {/* Game Recap card slot (spec §2): rendered when features/recap/components/recap-card.tsx exists. */}
      {RecapCard ? <RecapCard teamId={team.id} /> : null}

      {viewerWanted ? (
        <Suspense fallback={null}>
          <MediaViewer
            item={open}
            shareUrl={open ? `${window.location.origin}${mediaPath(team.id)}?item=${encodeURIComponent(open.id)}` : ''}
            canDelete={open !== null && (open.uploader.id === user.id || isManager)}
            liking={like.isPending}
            deleting={remove.isPending}
            onClose={closeViewer}
            onToggleLike={(item) => like.mutate({ mediaId: item.id, like: !item.likedByMe })}
            onDelete={async (item) => {
              await remove.mutateAsync(item.id);
              closeViewer();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
