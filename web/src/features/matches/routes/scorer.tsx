import {
  matchAccepts,
  scoringStatTypes,
  sportById,
  statValueChoices,
  type Match,
  type Participant,
  type RecordStatInput,
} from '@sideline/domain';
import { LineupButton } from '../components/lineup-button.tsx';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { matchPath } from '../../../config/paths.ts';
import { useMatch, useParticipants } from '../api.ts';
import { LifecycleActions } from '../components/lifecycle-actions.tsx';
import { isMissingMatch, MatchNotFound } from '../components/match-not-found.tsx';
import { ScoreHeader } from '../components/score-header.tsx';
import { NumberPad } from '../components/scorer/number-pad.tsx';
import { PlayerPicker } from '../components/scorer/player-picker.tsx';
import { subjectName, type ScorerSubject } from '../components/scorer/scorer-subject.ts';
import { StatPicker } from '../components/scorer/stat-picker.tsx';
import { QueuedStats } from '../components/scorer/queued-stats.tsx';
import { UndoBar } from '../components/scorer/undo-bar.tsx';
import { useScoreKeeper } from '../hooks/use-score-keeper.ts';
import { skeletonClassName } from '../lib/match-display.ts';
import { statPhrase } from '../lib/timeline.ts';

function BackToMatch({ matchId }: { matchId: string }) {
  return (
    <Link
      to={matchPath(matchId)}
      className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Match page
    </Link>
  );
}

/** What the scorer's stat says about whom: a player's participant, or the opponent's side. */
function statInput(subject: ScorerSubject, statType: string, value: number): RecordStatInput {
  return subject.kind === 'player'
    ? { participantId: subject.participant.id, statType, value }
    : { side: 'opponent', statType, value };
}

function Scorer({ match, participants }: { match: Match; participants: readonly Participant[] }) {
  const keeper = useScoreKeeper(match.id);
  const [subject, setSubject] = useState<ScorerSubject | null>(null);
  const [measuring, setMeasuring] = useState<string | null>(null);
  const sport = sportById(match.sportId);
  const scoring = scoringStatTypes(sport);
  // The match machine's rules: stats while in progress (and corrections after), the lineup before the end.
  const canRecord = matchAccepts(match.status, 'RecordStat');
  const canLineup = matchAccepts(match.status, 'AddParticipant');

  const record = (who: ScorerSubject, statType: string, value: number) => {
    keeper.record(statInput(who, statType, value), statPhrase(statType, value), subjectName(who));
    setSubject(null);
    setMeasuring(null);
  };
  const pick = (statType: string, value: number | null) => {
    if (!subject) return;
    // A count records its button's value at once (1, or a basket's 2 or 3); a measure asks for its value.
    if (value !== null) record(subject, statType, value);
    else setMeasuring(statType);
  };

  let step;
  if (!canRecord) {
    step = (
      <p className="rounded-2xl bg-slate-50 px-4 py-3 text-sm text-slate-600">
        {match.status === 'scheduled'
          ? 'Start the match to score it: the buttons for each player show here.'
          : 'This match was cancelled: nothing more is recorded.'}
      </p>
    );
  } else if (subject && measuring) {
    step = (
      <NumberPad
        statType={measuring}
        who={subjectName(subject)}
        onRecord={(value) => record(subject, measuring, value)}
        onBack={() => setMeasuring(null)}
      />
    );
  } else if (subject) {
    step = (
      <StatPicker
        subject={subject}
        statTypes={subject.kind === 'opponent' ? scoring : sport.statTypes}
        scoringTypes={scoring}
        valuesOf={(statType) => statValueChoices(match.sportId, statType)}
        onPick={pick}
        onBack={() => setSubject(null)}
      />
    );
  } else {
    step = (
      <section aria-label="Who" className="space-y-2">
        <h2 className="text-base font-semibold text-slate-900">Tap a player, then what they did</h2>
        <PlayerPicker match={match} participants={participants} onPick={setSubject} />
      </section>
    );
  }

  return (
    <>
      {keeper.last ? (
        <UndoBar last={keeper.last} onUndo={keeper.undo} onRetry={keeper.retry} onDismiss={keeper.dismiss} />
      ) : null}
      <QueuedStats matchId={match.id} />
      {step}
      {canLineup ? <LineupButton match={match} className="w-full" /> : null}
      <LifecycleActions key={match.status} match={match} />
    </>
  );
}

/**
 * /matches/{matchId}/score — the scorer, for the match's managers, one-handed on a phone: tap a
 * player of the lineup (or the opponent outside Sideline), then a stat type of the sport. A count
 * is recorded at once with the value 1 (two taps); a measure asks for its value on a number pad.
 * The confirmation offers Undo for 10 seconds. Start, Complete and Cancel are on the same screen,
 * as the match machine allows them.
 */
export function ScorerRoute() {
  const { matchId = '' } = useParams();
  const match = useMatch(matchId);
  const participants = useParticipants(matchId);
  if (match.isPending) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Loading the scorer">
        <div aria-hidden="true" className={`h-28 ${skeletonClassName}`} />
        <div aria-hidden="true" className={`h-40 ${skeletonClassName}`} />
      </div>
    );
  }
  if (match.isError) {
    if (isMissingMatch(match.error)) return <MatchNotFound />;
    return <LoadError title="We couldn't load this match" error={match.error} onRetry={() => void match.refetch()} />;
  }
  if (!match.data.canManage) {
    return (
      <Card className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-10 text-center">
        <h1 className="text-lg font-semibold text-slate-900">Only the team's coaches score this match</h1>
        <p className="text-sm text-slate-500">Follow the score live on the match page.</p>
        <Link to={matchPath(matchId)} className={buttonClassName('primary', 'lg')}>
          Open the match page
        </Link>
      </Card>
    );
  }
  return (
    <div className="space-y-3">
      <BackToMatch matchId={matchId} />
      <h1 className="sr-only">
        Score {match.data.teamA.name} vs {match.data.teamB.name}
      </h1>
      <ScoreHeader match={match.data} fetchedAt={match.dataUpdatedAt} compact />
      {participants.isPending ? (
        <div aria-hidden="true" className={`h-40 ${skeletonClassName}`} />
      ) : participants.isError ? (
        <LoadError
          title="We couldn't load the lineup"
          error={participants.error}
          onRetry={() => void participants.refetch()}
        />
      ) : (
        <Scorer match={match.data} participants={participants.data} />
      )}
    </div>
  );
}
