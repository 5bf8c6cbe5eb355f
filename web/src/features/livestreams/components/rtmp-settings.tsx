import type { Livestream } from '@sideline/domain';
import { Copy, KeyRound, RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { maskedKey, publishUrl } from '../lib/display.ts';

interface RtmpSettingsProps {
  stream: Pick<Livestream, 'rtmpUrl' | 'streamKeyHint' | 'streamKeyRevoked'> & { rtmpUrl: string };
  /** The full key, when this page was handed it (create or rotate): shown once, never refetched. */
  revealedKey: string | null;
  canRotate: boolean;
  rotating: boolean;
  onRotate: () => void;
}

async function copy(text: string, title: string, description?: string) {
  if (await copyText(text)) toast({ title, description });
  else toast({ variant: 'destructive', title: "Couldn't copy", description: 'Select the text and copy it yourself.' });
}

/**
 * RTMP Settings (spec §2): the RTMP URL and the stream key, each with a copy button. Copying the
 * URL puts the URL and the key joined by a slash on the clipboard ('RTMP URL copied'). The key is
 * a secret the server keeps only hashed: it is shown in full once, right after the stream is
 * created or the key rotated, and masked (its last four characters) ever after. A key revoked
 * because the person it was given to lost access says so, and asks for a rotation.
 */
export function RtmpSettings({ stream, revealedKey, canRotate, rotating, onRotate }: RtmpSettingsProps) {
  const url = publishUrl(stream.rtmpUrl, revealedKey);
  const revoked = stream.streamKeyRevoked && !revealedKey;
  return (
    <section aria-labelledby="rtmp-settings" className="space-y-3 rounded-xl border border-slate-200 p-3">
      <h3 id="rtmp-settings" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <KeyRound className="size-4 text-slate-500" aria-hidden="true" />
        RTMP Settings
      </h3>
      <div className="space-y-1">
        <p id="rtmp-url-label" className="text-xs font-medium text-slate-600">
          RTMP URL
        </p>
        <div className="flex items-center gap-2">
          <code
            aria-labelledby="rtmp-url-label"
            data-testid="rtmp-url"
            className="min-w-0 flex-1 truncate rounded-lg bg-slate-100 px-2.5 py-2 font-mono text-xs text-slate-800"
          >
            {stream.rtmpUrl}
          </code>
          <Button
            variant="outline"
            size="icon"
            aria-label="Copy RTMP URL"
            onClick={() =>
              void copy(
                url,
                'RTMP URL copied',
                revealedKey ? undefined : 'Add the stream key after a slash (rotate the key to see a new one).',
              )
            }
          >
            <Copy className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="space-y-1">
        <p id="stream-key-label" className="text-xs font-medium text-slate-600">
          Stream Key
        </p>
        <div className="flex items-center gap-2">
          <code
            aria-labelledby="stream-key-label"
            data-testid="stream-key"
            className="min-w-0 flex-1 truncate rounded-lg bg-slate-100 px-2.5 py-2 font-mono text-xs text-slate-800"
          >
            {revealedKey ?? (revoked ? 'Revoked' : maskedKey(stream.streamKeyHint))}
          </code>
          <Button
            variant="outline"
            size="icon"
            aria-label="Copy stream key"
            disabled={!revealedKey}
            title={revealedKey ? undefined : 'The key is shown only once. Rotate it to get a new one.'}
            onClick={() => revealedKey && void copy(revealedKey, 'Stream key copied')}
          >
            <Copy className="size-4" aria-hidden="true" />
          </Button>
        </div>
        {revoked ? (
          <p role="status" className="text-xs text-red-700">
            This key stopped working: the person it was given to no longer has access to the team. Rotate it to stream
            again.
          </p>
        ) : (
          <p className="text-xs text-slate-500">
            {revealedKey
              ? "Copy the key now: it won't be shown again. Keep it secret: anyone with it can stream as your team."
              : 'The key is shown only once, when the stream is created or the key is rotated.'}
          </p>
        )}
      </div>
      {canRotate ? (
        <Button variant="outline" size="sm" onClick={onRotate} disabled={rotating}>
          <RotateCw className="size-4" aria-hidden="true" />
          {rotating ? 'Rotating...' : 'Rotate key'}
        </Button>
      ) : null}
    </section>
  );
}
