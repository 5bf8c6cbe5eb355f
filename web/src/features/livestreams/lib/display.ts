import type { LivestreamType } from '@sideline/domain';
import { formatDistance } from 'date-fns';

export const streamTypeLabels: Record<LivestreamType, string> = {
  match: 'Match',
  practice: 'Practice',
  event: 'Event',
  training: 'Training',
};

/** 'Started 5 minutes ago' (spec §2 Live Now), or null when the start is unknown. */
export function startedText(actualStartTime: string | null, now: Date = new Date()): string | null {
  if (!actualStartTime) return null;
  const start = new Date(actualStartTime);
  if (Number.isNaN(start.getTime())) return null;
  // A start a moment in the future (clocks differ a little) reads as just now.
  return `Started ${formatDistance(start > now ? now : start, now, { addSuffix: true })}`;
}

/** A scheduled start in the viewer's own time zone, e.g. 'Sat, Nov 28, 10:00 AM'. */
export function scheduledText(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** The masked stream key: eight dots and the key's last four characters when the server gave them. */
export function maskedKey(hint: string | null): string {
  return `••••••••${hint ?? '••••'}`;
}

/** What OBS or ffmpeg publishes to: the RTMP URL and the key joined by a slash (spec §2). */
export function publishUrl(rtmpUrl: string, streamKey: string | null): string {
  return streamKey ? `${rtmpUrl.replace(/\/+$/, '')}/${streamKey}` : rtmpUrl;
}

/** A same-origin path as the full link a viewer can share. */
export function absoluteUrl(path: string, origin: string = window.location.origin): string {
  return new URL(path, origin).href;
}
