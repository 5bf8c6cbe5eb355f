import type { Match, Participant } from '@sideline/domain';
import { Avatar } from '../../../components/ui/avatar.tsx';

export const teamName = (match: Match, teamId: string) =>
  teamId === match.teamA.id ? match.teamA.name : teamId === match.teamB.id ? match.teamB.name : '';

/** A lineup row (spec part 2 §2): initial, name or 'Unknown Player', position or 'No Position', '• Starter'. */
export function ParticipantRow({ match, participant }: { match: Match; participant: Participant }) {
  const name = participant.userName || 'Unknown Player';
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={name} size="sm" />
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{name}</p>
        <p className="text-xs text-slate-500">
          {participant.positionName ?? 'No Position'}
          {participant.isStarter ? ' • Starter' : ''}
          {match.status === 'in_progress' ? (participant.onField ? ' • On the field' : ' • On the bench') : ''}
          {` • ${teamName(match, participant.teamId)}`}
        </p>
      </div>
    </div>
  );
}
