import { paths } from '../../config/paths.ts';

/** /media/{teamId}, or /media without a team. */
export function mediaPath(teamId?: string | null): string {
  return teamId ? `${paths.media}/${encodeURIComponent(teamId)}` : paths.media;
}
