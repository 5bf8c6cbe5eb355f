import type { TeamConsentSummary } from '@sideline/domain';
import { Badge } from '../../../components/ui/badge.tsx';

type Row = TeamConsentSummary['players'][number];

/** A coach's roster badges: what a player may not appear in. */
export function ConsentBadges({ row }: { row: Row | undefined }) {
  if (!row) return null;
  return (
    <>
      {row.photos ? null : <Badge tone="orange">No photos</Badge>}
      {row.livestream ? null : <Badge tone="orange">No streams</Badge>}
    </>
  );
}

const players = (n: number) => `${n} ${n === 1 ? 'player' : 'players'}`;

/** "2 players without photo consent": the team's summary for its managers; nothing when all have consent. */
export function TeamConsentSummaryLine({ summary }: { summary: TeamConsentSummary | undefined }) {
  if (!summary) return null;
  const parts = [
    summary.withoutPhotos > 0 ? `${players(summary.withoutPhotos)} without photo consent` : null,
    summary.withoutLivestream > 0 ? `${players(summary.withoutLivestream)} without livestream consent` : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  return (
    <p role="status" className="rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-800">
      {parts.join(' · ')}
    </p>
  );
}
