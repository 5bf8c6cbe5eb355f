import type { Livestream } from '@sideline/domain';
import { CheckCircle2, Clapperboard, Copy, Eye, Link2, Radio, Square, TrendingUp, XCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { useLivestreamAction, type LivestreamAction } from '../api.ts';
import { useLivestreamLifecycle, type LivestreamPhase } from '../hooks/use-livestream-lifecycle.ts';
import { useNow } from '../hooks/use-now.ts';
import { absoluteUrl, scheduledText, startedText, streamTypeLabels } from '../lib/display.ts';
import { LivestreamChat } from './livestream-chat.tsx';
import { RtmpSettings } from './rtmp-settings.tsx';
import { LivestreamStatusBadge } from './status-badge.tsx';

// The player (and mpegts.js behind it) loads only when a stream is being watched.
const LivestreamPlayer = lazy(async () => ({
  default: (await import('./livestream-player.tsx')).LivestreamPlayer,
}));

interface LivestreamDetailProps {
  stream: Livestream;
  /** The full stream key, when this page was just handed it (create or rotate). */
  revealedKey: string | null;
  onKeyRevealed: (stream: Livestream) => void;
  currentUserId: string;
  /** The viewer is not in the stream's team (a public stream): no socket frames, so poll. */
  poll?: boolean;
}

const actionText: Record<LivestreamAction, { done: string; failed: string }> = {
  cancel: { done: 'Livestream cancelled', failed: 'Error cancelling livestream' },
  end: { done: 'Livestream ended', failed: 'Error ending livestream' },
  key: { done: 'New stream key', failed: 'Error rotating the stream key' },
};

function Stat({ icon: Icon, label, value }: { icon: typeof Eye; label: string; value: number }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2.5">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
        <Icon className="size-3.5" aria-hidden="true" />
        {label}
      </dt>
      <dd className="mt-0.5 text-xl font-bold text-slate-900 tabular-nums">{value.toLocaleString()}</dd>
    </div>
  );
}

function StageMessage({ phase, stream }: { phase: LivestreamPhase; stream: Livestream }) {
  if (phase === 'scheduled') {
    const when = scheduledText(stream.scheduledStartTime);
    return (
      <p className="text-sm text-slate-300">
        {when ? `Scheduled for ${when}. ` : ''}The stream goes live as soon as the broadcaster starts sending.
      </p>
    );
  }
  if (phase === 'cancelled') return <p className="text-sm text-slate-300">This stream was cancelled.</p>;
  return <p className="text-sm text-slate-300">This stream has ended.</p>;
}

/**
 * A private stream's manager sees, before and while on air, the rostered players without
 * livestream consent (the server sends the list to managers only): they keep them out of shot.
 */
function WithoutConsent({ stream, phase }: { stream: Livestream; phase: LivestreamPhase }) {
  const players = stream.playersWithoutConsent ?? [];
  if (players.length === 0 || phase === 'ended' || phase === 'cancelled') return null;
  return (
    <p role="status" className="rounded-lg bg-orange-50 px-3 py-2 text-sm wrap-anywhere text-orange-800">
      Without livestream consent: {players.map((p) => p.name).join(', ')}. Keep them out of the stream or ask their
      guardians.
    </p>
  );
}

/**
 * The detail panel (spec §2): title, description, status, Current and Peak Viewers (live from the
 * socket), the player while live, RTMP Settings for the stream's managers, the playback link, the
 * recording once it is in the Media Hub, and the actions the lifecycle machine allows (Cancel a
 * scheduled stream, End a live one, Rotate the key). Live Chat follows while the stream is live.
 */
export function LivestreamDetail({
  stream,
  revealedKey,
  onKeyRevealed,
  currentUserId,
  poll = false,
}: LivestreamDetailProps) {
  const { phase, can } = useLivestreamLifecycle(stream);
  const action = useLivestreamAction();
  // Ending cuts the broadcast for everyone: it asks once more.
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const onAir = phase === 'live' || phase === 'reconnecting';
  const now = useNow();
  const started = startedText(stream.actualStartTime, now);

  const run = (kind: LivestreamAction) =>
    action.mutate(
      { id: stream.id, action: kind },
      {
        onSuccess: (updated) => {
          toast({
            title: actionText[kind].done,
            description: kind === 'key' ? "Copy it now: it won't be shown again." : undefined,
          });
          if (kind === 'key') onKeyRevealed(updated);
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: actionText[kind].failed, description: getErrorMessage(error) }),
      },
    );
  const busy = (kind: LivestreamAction) => action.isPending && action.variables?.action === kind;

  return (
    <div className="space-y-4">
      <Card className="space-y-4 p-4" aria-labelledby="livestream-title">
        <div className="flex flex-wrap items-start gap-2">
          <div className="min-w-0 flex-1">
            <h2 id="livestream-title" className="text-lg leading-tight font-bold wrap-anywhere text-slate-900">
              {stream.title}
            </h2>
            <p className="text-xs wrap-anywhere text-slate-600">
              {stream.teamName} · {streamTypeLabels[stream.streamType]}
              {stream.isPublic ? ' · Public' : ' · Team only'}
              {onAir && started ? ` · ${started}` : ''}
            </p>
          </div>
          <LivestreamStatusBadge phase={phase} testId="livestream-status" />
        </div>
        <WithoutConsent stream={stream} phase={phase} />
        {phase !== 'cancelled' ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              void copyText(absoluteUrl(`${paths.livestream}?stream=${encodeURIComponent(stream.id)}`)).then((ok) =>
                toast(
                  ok
                    ? {
                        title: 'Link copied',
                        description: stream.isPublic
                          ? 'Anyone signed in to Sideline can watch with it.'
                          : "Only your team's members can watch with it.",
                      }
                    : { variant: 'destructive', title: "Couldn't copy" },
                ),
              )
            }
          >
            <Link2 className="size-4" aria-hidden="true" />
            Copy link
          </Button>
        ) : null}
        {stream.description ? (
          <p className="text-sm wrap-anywhere whitespace-pre-wrap text-slate-700">{stream.description}</p>
        ) : null}

        {onAir && stream.playbackUrl ? (
          <>
            {phase === 'reconnecting' ? (
              <p role="status" className="rounded-lg bg-amber-50 px-3 py-1.5 text-sm text-amber-800">
                The broadcaster's connection dropped. Waiting for them to come back...
              </p>
            ) : null}
            <Suspense
              fallback={
                <div className="flex aspect-video items-center justify-center rounded-xl bg-black text-on-media">
                  <Spinner label="Loading the player" />
                </div>
              }
            >
              <LivestreamPlayer
                key={stream.playbackUrl}
                url={stream.playbackUrl}
                hlsUrl={stream.hlsPlaybackUrl}
                title={stream.title}
              />
            </Suspense>
          </>
        ) : (
          <div className="flex aspect-video flex-col items-center justify-center gap-2 rounded-xl bg-slate-900 p-4 text-center">
            {phase === 'ended' ? (
              <CheckCircle2 className="size-8 text-slate-400" aria-hidden="true" />
            ) : phase === 'cancelled' ? (
              <XCircle className="size-8 text-slate-400" aria-hidden="true" />
            ) : (
              <Radio className="size-8 text-slate-400" aria-hidden="true" />
            )}
            <StageMessage phase={phase} stream={stream} />
          </div>
        )}

        <dl className="grid grid-cols-2 gap-3">
          <Stat icon={Eye} label="Current Viewers" value={stream.viewerCount} />
          <Stat icon={TrendingUp} label="Peak Viewers" value={stream.maxViewers} />
        </dl>

        {phase === 'ended' && stream.recordingMediaId ? (
          <div className="flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-3">
            <Clapperboard className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />
            <p className="min-w-0 flex-1 text-sm text-emerald-900">The recording is in the team's Media Hub.</p>
            <Link
              to={`${paths.media}/${encodeURIComponent(stream.teamId)}?item=${encodeURIComponent(stream.recordingMediaId)}`}
              className={buttonClassName('outline', 'sm')}
            >
              Watch recording
            </Link>
          </div>
        ) : phase === 'ended' && stream.recordStream ? (
          <p className="text-sm text-slate-600">The recording will appear in the team's Media Hub shortly.</p>
        ) : null}

        {stream.rtmpUrl && (phase === 'scheduled' || onAir) ? (
          <RtmpSettings
            stream={{
              rtmpUrl: stream.rtmpUrl,
              streamKeyHint: stream.streamKeyHint,
              streamKeyRevoked: stream.streamKeyRevoked,
            }}
            revealedKey={revealedKey}
            canRotate={can('RotateStreamKey')}
            rotating={busy('key')}
            onRotate={() => run('key')}
          />
        ) : null}

        {stream.playbackUrl ? (
          <div className="space-y-1">
            <p id="playback-url-label" className="text-xs font-medium text-slate-600">
              Playback URL
            </p>
            <div className="flex items-center gap-2">
              <code
                aria-labelledby="playback-url-label"
                className="min-w-0 flex-1 truncate rounded-lg bg-slate-100 px-2.5 py-2 font-mono text-xs text-slate-800"
              >
                {absoluteUrl(stream.playbackUrl)}
              </code>
              <Button
                variant="outline"
                size="icon"
                aria-label="Copy playback URL"
                onClick={() =>
                  void copyText(absoluteUrl(stream.playbackUrl!)).then((ok) =>
                    toast(ok ? { title: 'Playback URL copied' } : { variant: 'destructive', title: "Couldn't copy" }),
                  )
                }
              >
                <Copy className="size-4" aria-hidden="true" />
              </Button>
            </div>
          </div>
        ) : null}

        {can('CancelLivestream') || can('EndLivestream') ? (
          <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
            {can('EndLivestream') ? (
              confirmingEnd ? (
                <div role="group" aria-label="End the stream?" className="flex flex-wrap items-center gap-2">
                  <span className="text-sm text-slate-700">End the broadcast for everyone?</span>
                  <Button variant="destructive" size="sm" onClick={() => run('end')} disabled={busy('end')}>
                    <Square className="size-4" aria-hidden="true" />
                    {busy('end') ? 'Ending...' : 'Yes, end it'}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setConfirmingEnd(false)} disabled={busy('end')}>
                    Keep streaming
                  </Button>
                </div>
              ) : (
                <Button variant="destructive" size="sm" onClick={() => setConfirmingEnd(true)}>
                  <Square className="size-4" aria-hidden="true" />
                  End Stream
                </Button>
              )
            ) : null}
            {can('CancelLivestream') ? (
              <Button variant="outline" size="sm" onClick={() => run('cancel')} disabled={busy('cancel')}>
                <XCircle className="size-4" aria-hidden="true" />
                {busy('cancel') ? 'Cancelling...' : 'Cancel Stream'}
              </Button>
            ) : null}
          </div>
        ) : null}
      </Card>

      {stream.allowChat && can('SendChatMessage') ? (
        <LivestreamChat key={stream.id} livestreamId={stream.id} currentUserId={currentUserId} poll={poll} />
      ) : null}
    </div>
  );
}
