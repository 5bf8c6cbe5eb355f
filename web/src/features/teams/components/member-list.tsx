import type { Team, TeamMember } from '@sideline/domain';
import { useId } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatMediumDate, parseIsoDate } from '../../../lib/intl-dates.ts';
import { roleBadgeTone, roleLabel } from '../../auth/roles.ts';

function joinedLabel(joinedAt: string): string | null {
  const date = parseIsoDate(joinedAt);
  return date ? `Joined ${formatMediumDate(date)}` : null;
}

/** The member's job in this team, when it is more than being a member. */
function teamRoleLabel(member: TeamMember, team: Pick<Team, 'coachId'>): string | null {
  if (team.coachId && member.userId === team.coachId) return 'Head Coach';
  if (member.assignedRole === 'coach') return 'Team Coach';
  return null;
}

/** A manager's roster action: make a member coach or take it away (the creator always stays). */
export interface CoachAction {
  creatorId: string;
  onToggle: (member: TeamMember) => void;
  /** The member whose change is being saved. */
  pendingUserId: string | null;
}

interface MemberListProps {
  title: string;
  members: readonly TeamMember[];
  team: Pick<Team, 'coachId'>;
  currentUserId: string;
  emptyText: string;
  /** Only for the team's managers. */
  coachAction?: CoachAction;
  /** A line under a member's name (e.g. whose parent they are). */
  detailOf?: (member: TeamMember) => string | null;
}

/** A titled list of members: initials avatar, name, role badge, team role, join date. */
export function MemberList({ title, members, team, currentUserId, emptyText, coachAction, detailOf }: MemberListProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-700">
        {title}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
          {members.length}
        </span>
      </h3>
      {members.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-200 px-4 py-5 text-center text-sm text-slate-500">
          {emptyText}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {members.map((member) => {
            const teamRole = teamRoleLabel(member, team);
            const joined = joinedLabel(member.joinedAt);
            const detail = detailOf?.(member) ?? null;
            return (
              <li key={member.userId} className="flex items-center gap-3 px-4 py-3">
                <Avatar name={member.name} src={member.avatarUrl} size="md" />
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-1.5 truncate font-medium text-slate-900">
                    <span className="truncate">{member.name}</span>
                    {member.userId === currentUserId ? (
                      <span className="shrink-0 text-xs font-normal text-slate-500">(you)</span>
                    ) : null}
                  </p>
                  {detail ? <p className="text-xs text-slate-600">{detail}</p> : null}
                  {joined ? <p className="text-xs text-slate-500">{joined}</p> : null}
                </div>
                <div className="flex shrink-0 flex-wrap justify-end gap-1.5">
                  {teamRole ? <Badge tone="brand">{teamRole}</Badge> : null}
                  <Badge tone={roleBadgeTone(member.role)}>{roleLabel(member.role)}</Badge>
                  {coachAction && member.userId !== coachAction.creatorId ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={coachAction.pendingUserId === member.userId}
                      aria-label={`${member.assignedRole === 'coach' ? 'Remove coach' : 'Make coach'}: ${member.name}`}
                      onClick={() => coachAction.onToggle(member)}
                    >
                      {member.assignedRole === 'coach' ? 'Remove coach' : 'Make coach'}
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
