import type { Match } from '@sideline/domain';
import { LineupButton } from '../components/lineup-button.tsx';
import { ArrowLeft, CalendarDays, ListChecks, MapPinned, Radio, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { matchScorerPath, paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useBoxScore, useMatch, useMatchTimeline, useParticipants } from '../api.ts';
import { BoxScoreView } from '../components/box-score.tsx';
import { LifecycleActions } from '../components/lifecycle-actions.tsx';
import { Lineups } from '../components/lineups.tsx';
import { useMatchMachine } from '../components/match-actions.tsx';
import { isMissingMatch, MatchNotFound } from '../components/match-not-found.tsx';
import { MatchTimelineList } from '../components/match-timeline.tsx';
import { ScoreHeader } from '../components/score-header.tsx';
import { mapsUrl, matchKickOffText } from '../lib/kick-off.ts';
import { skeletonClassName } from '../lib/match-display.ts';

// Managers only: the lineup dialog loads when first opened.

export function BackToMatches() {
  return (
    <Link
      to={paths.matches}
      className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      All matches
    </Link>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `match-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby={id}>
        <h2 id={id} className="mb-2 text-base font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** A read's content, its skeleton while loading, or its error. */
function Loaded<T>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <div aria-hidden="true" className={`h-16 ${skeletonClassName}`} />;
  if (query.isError || query.data === undefined) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700">
        {getErrorMessage(query.error)}
      </p>
    );
  }
  return <>{children(query.data)}</>;
}

function Info({ match }: { match: Match }) {
  return (
    <Card className="p-4 sm:p-5">
      <ul className="space-y-1 text-sm text-slate-700" aria-label="Match information">
        <li className="flex min-h-11 items-center gap-3">
          <CalendarDays className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
          <span>
            <span className="sr-only">Kick-off: </span>
            {matchKickOffText(match.startTime, match.timeZone)}
          </span>
        </li>
        {match.location ? (
          <li>
            <a
              href={mapsUrl(match.location)}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-h-11 items-center gap-3 font-medium text-brand-700 hover:underline"
            >
              <MapPinned className="size-5 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">
                {match.location}
                <span className="sr-only"> (opens a map)</span>
              </span>
            </a>
          </li>
        ) : null}
        {match.format ? (
          <li className="flex min-h-11 items-center gap-3">
            <ListChecks className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
            {match.format}
          </li>
        ) : null}
      </ul>
    </Card>
  );
}

/** `lg` buttons that share a row and may narrow below their 48 px minimum width to fit it. */
const sharedRowClassName = 'h-12 min-w-0 flex-1 justify-center gap-2 rounded-xl px-5 text-base whitespace-nowrap';

/** Score (the scorer), Lineup and the status changes the match machine allows, for its managers. */
function ManagerActions({ match }: { match: Match }) {
  const { can } = useMatchMachine(match);
  const scoring = can('RecordStat') || can('StartMatch');
  const lineup = can('AddParticipant') || can('Substitute');
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">Manage the match</h2>
      {scoring || lineup ? (
        <div className="flex flex-wrap gap-2">
          {scoring ? (
            <Link to={matchScorerPath(match.id)} className={buttonClassName('primary', 'bare', sharedRowClassName)}>
              <Target className="size-5" aria-hidden="true" />
              Score
            </Link>
          ) : null}
          {lineup ? <LineupButton match={match} size="bare" className={sharedRowClassName} /> : null}
        </div>
      ) : null}
      <LifecycleActions key={match.status} match={match} />
    </Card>
  );
}

function MatchPage({ match, fetchedAt }: { match: Match; fetchedAt: number }) {
  const timeline = useMatchTimeline(match.id);
  const participants = useParticipants(match.id);
  const boxScore = useBoxScore(match.id);
  const played = match.status === 'in_progress' || match.status === 'complete';
  return (
    <div className="space-y-4">
      <BackToMatches />
      <h1 className="sr-only">
        {match.teamA.name} vs {match.teamB.name}
      </h1>
      <ScoreHeader match={match} fetchedAt={fetchedAt} />
      {match.livestream ? (
        <Link
          to={`${paths.livestream}?stream=${encodeURIComponent(match.livestream.id)}`}
          className={buttonClassName('destructive', 'lg', 'w-full')}
        >
          <Radio className="size-5" aria-hidden="true" />
          Watch live
          <span className="sr-only">: {match.livestream.title}</span>
        </Link>
      ) : null}
      <Info match={match} />
      {match.canManage && match.status !== 'cancelled' ? <ManagerActions match={match} /> : null}
      <Section title="Timeline">
        {played ? (
          <Loaded query={timeline}>{(data) => <MatchTimelineList timeline={data} />}</Loaded>
        ) : (
          <p className="py-4 text-center text-sm text-slate-500">
            {match.status === 'cancelled' ? 'This match was cancelled.' : 'Goals and points show here from kick-off.'}
          </p>
        )}
      </Section>
      <Section title="Lineups">
        <Loaded query={participants}>{(data) => <Lineups match={match} participants={data} />}</Loaded>
      </Section>
      {played ? (
        <Section title="Box score">
          <Loaded query={boxScore}>{(data) => <BoxScoreView boxScore={data} />}</Loaded>
        </Section>
      ) : null}
    </div>
  );
}

/**
 * /matches/{matchId} — a match as families follow it from anywhere: the score (both names in full),
 * the status and, while it is played, the minute and the time since kick-off; kick-off, place (a
 * map link), "Watch live" while a team streams, the scoring timeline with its corrections, the
 * lineups and the box score. The socket's `match_updated` keeps it current without a reload.
 * Its managers also get the scorer, the lineup and Start / Complete / Cancel.
 */
export function MatchRoute() {
  const { matchId = '' } = useParams();
  const match = useMatch(matchId);
  if (match.isPending) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label="Loading the match">
        <div aria-hidden="true" className={`h-36 ${skeletonClassName}`} />
        <div aria-hidden="true" className={`h-24 ${skeletonClassName}`} />
      </div>
    );
  }
  if (match.isError) {
    if (isMissingMatch(match.error)) return <MatchNotFound />;
    return (
      <div className="space-y-4">
        <BackToMatches />
        <LoadError title="We couldn't load this match" error={match.error} onRetry={() => void match.refetch()} />
      </div>
    );
  }
  return <MatchPage match={match.data} fetchedAt={match.dataUpdatedAt} />;
}
