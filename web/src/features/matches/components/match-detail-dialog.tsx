import { sportById, type Match, type PlayingTime } from '@sideline/domain';
import { CalendarDays, Timer, ListChecks, MapPinned, Trophy, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useMatchStats, useParticipants, usePlayingTime } from '../api.ts';
import {
  groupStats,
  ledgerEventLabel,
  minutesText,
  scoreText,
  skeletonClassName,
  statTypeLabel,
} from '../lib/match-display.ts';
import { matchDate, matchTime } from '../lib/match-dates.ts';
import { LineupDialog } from './lineup-dialog.tsx';
import { MatchActions } from './match-actions.tsx';
import { MatchScore, StatusBadge } from './match-card.tsx';
import { RecordStatsDialog } from './record-stats-dialog.tsx';
import { ParticipantRow, teamName } from './participant-row.tsx';

interface MatchDetailDialogProps {
  match: Match | null;
  onOpenChange: (open: boolean) => void;
}

/** '{sport} Match Details' (spec part 2 §2): information, actions, Lineup, Statistics and Playing Time. */
export function MatchDetailDialog({ match, onOpenChange }: MatchDetailDialogProps) {
  return (
    <Dialog open={match !== null} onOpenChange={onOpenChange}>
      <DialogContent width="2xl">{match ? <MatchDetail match={match} /> : null}</DialogContent>
    </Dialog>
  );
}

function MatchDetail({ match }: { match: Match }) {
  const [lineupOpen, setLineupOpen] = useState(false);
  const [statsOpen, setStatsOpen] = useState(false);
  const sport = sportById(match.sportId);
  return (
    <>
      <DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <DialogTitle>{sport.name} Match Details</DialogTitle>
          <StatusBadge status={match.status} />
        </div>
        <DialogDescription>
          {match.teamA.name} vs {match.teamB.name}
          {match.seasonName ? ` · ${match.seasonName}` : ''}
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-4">
        <MatchScore match={match} large />
        <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-4 text-sm" aria-label="Match information">
          <Info icon={CalendarDays} label="Date" value={matchDate(match.startTime)} />
          <Info icon={Timer} label="Time" value={matchTime(match.startTime)} />
          {match.location ? <Info icon={MapPinned} label="Location" value={match.location} /> : null}
          <Info
            icon={UserCheck}
            label="Participants"
            value={`${match.participantCount} ${match.participantCount === 1 ? 'participant' : 'participants'}`}
          />
          {match.format ? <Info icon={ListChecks} label="Format" value={match.format} /> : null}
          {match.winnerId ? (
            <Info
              icon={Trophy}
              label="Winner"
              value={match.winnerId === match.teamA.id ? match.teamA.name : match.teamB.name}
            />
          ) : null}
        </dl>
        <MatchActions
          key={match.status}
          match={match}
          onManageLineup={() => setLineupOpen(true)}
          onRecordStats={() => setStatsOpen(true)}
        />
        <Tabs defaultValue="lineup">
          <TabsList>
            <TabsTrigger value="lineup">Lineup</TabsTrigger>
            <TabsTrigger value="statistics">Statistics</TabsTrigger>
            <TabsTrigger value="playing-time">Playing Time</TabsTrigger>
          </TabsList>
          <TabsContent value="lineup">
            <LineupTab match={match} onAddPlayers={() => setLineupOpen(true)} />
          </TabsContent>
          <TabsContent value="statistics">
            <StatisticsTab match={match} />
          </TabsContent>
          <TabsContent value="playing-time">
            <PlayingTimeTab match={match} />
          </TabsContent>
        </Tabs>
      </div>
      <LineupDialog match={match} open={lineupOpen} onOpenChange={setLineupOpen} />
      <RecordStatsDialog match={match} open={statsOpen} onOpenChange={setStatsOpen} />
    </>
  );
}

function Info({ icon: Icon, label, value }: { icon: typeof Timer; label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-xs text-slate-500">
        <Icon className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
        {label}
      </dt>
      <dd className="font-medium wrap-anywhere text-slate-900">{value}</dd>
    </div>
  );
}

function TabLoading() {
  return (
    <div className="space-y-2" aria-busy="true">
      <div aria-hidden="true" className={`h-12 ${skeletonClassName}`} />
      <div aria-hidden="true" className={`h-12 ${skeletonClassName}`} />
    </div>
  );
}

function TabError({ error }: { error: unknown }) {
  return (
    <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700">
      {getErrorMessage(error)}
    </p>
  );
}

function LineupTab({ match, onAddPlayers }: { match: Match; onAddPlayers: () => void }) {
  const participants = useParticipants(match.id);
  if (participants.isPending) return <TabLoading />;
  if (participants.isError) return <TabError error={participants.error} />;
  if (participants.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <p className="text-sm text-slate-500">No participants added yet</p>
        {match.canManage && match.status !== 'complete' && match.status !== 'cancelled' ? (
          <Button size="sm" variant="outline" onClick={onAddPlayers}>
            Add Players
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Lineup">
      {participants.data.map((p) => (
        <li key={p.id} className="px-4 py-2.5">
          <ParticipantRow match={match} participant={p} />
        </li>
      ))}
    </ul>
  );
}

function StatisticsTab({ match }: { match: Match }) {
  const stats = useMatchStats(match.id);
  if (stats.isPending) return <TabLoading />;
  if (stats.isError) return <TabError error={stats.error} />;
  if (stats.data.length === 0) {
    return <p className="py-6 text-center text-sm text-slate-500">No statistics recorded yet</p>;
  }
  return (
    <div className="space-y-4">
      {groupStats(stats.data, (s) => s.statType).map(([statType, rows]) => (
        <section key={statType} aria-label={statTypeLabel(statType)}>
          <h3 className="mb-1.5 text-sm font-semibold text-slate-700">{statTypeLabel(statType)}</h3>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {rows.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
                <span className="truncate text-slate-900">
                  {s.userName || 'Unknown Player'}
                  {s.amended ? <span className="ml-1.5 text-xs text-slate-500">(corrected)</span> : null}
                </span>
                <span className="font-semibold text-slate-900 tabular-nums">{scoreText(s.value)}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function PlayingTimeTab({ match }: { match: Match }) {
  const ledger = usePlayingTime(match.id);
  if (ledger.isPending) return <TabLoading />;
  if (ledger.isError) return <TabError error={ledger.error} />;
  if (match.status === 'scheduled' || ledger.data.players.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-slate-500">
        Playing time starts counting at kick-off, from the lineup and each substitution.
      </p>
    );
  }
  return (
    <ul className="space-y-2" aria-label="Playing time">
      {ledger.data.players.map((player) => (
        <PlayingTimeRow key={player.participantId} match={match} player={player} />
      ))}
    </ul>
  );
}

type LedgerPlayer = PlayingTime['players'][number];

const clock = (iso: string) => matchTime(iso);

/** A player's minutes, and (opened) the stretches on the field with the events that began and ended each. */
function PlayingTimeRow({ match, player }: { match: Match; player: LedgerPlayer }) {
  const positions = player.byPosition
    .filter((p) => p.minutes > 0)
    .map((p) => `${p.positionName ?? 'No Position'} ${minutesText(p.minutes)}`)
    .join(', ');
  return (
    <li className="rounded-xl border border-slate-200 px-4 py-2.5">
      <details>
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3">
          <span className="min-w-0">
            <span className="block truncate font-medium text-slate-900">{player.name || 'Unknown Player'}</span>
            <span className="block text-xs text-slate-500">
              {teamName(match, player.teamId)}
              {positions ? ` • ${positions}` : ''}
            </span>
          </span>
          <span className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums">
            {minutesText(player.minutes)}
          </span>
        </summary>
        <div className="mt-2 border-t border-slate-100 pt-2 text-xs text-slate-600">
          <p className="mb-1 font-medium text-slate-700">How these minutes were computed</p>
          {player.segments.length === 0 ? (
            <p>Not on the field yet: minutes count from kick-off for starters, or from a substitution.</p>
          ) : (
            <ol className="space-y-1">
              {player.segments.map((segment) => (
                <li key={`${segment.startedBy.revision}-${segment.from}`}>
                  {clock(segment.from)} {ledgerEventLabel(segment.startedBy.type)} (event #{segment.startedBy.revision})
                  {' → '}
                  {segment.to && segment.endedBy
                    ? `${clock(segment.to)} ${ledgerEventLabel(segment.endedBy.type)} (event #${segment.endedBy.revision})`
                    : 'still on the field'}
                  {`: ${minutesText(segment.minutes)}`}
                </li>
              ))}
            </ol>
          )}
        </div>
      </details>
    </li>
  );
}
