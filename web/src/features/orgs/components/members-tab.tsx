import { UserPlus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useOrgMembers, useOrgTeams } from '../api.ts';
import { orgRoleLabel, orgRoleTone } from '../lib/org-display.ts';
import { InviteMemberDialog } from './invite-member-dialog.tsx';

/** Members (spec part 2 §2): the org's admins and its teams' members with email and role, and Invite Member. */
export function MembersTab({ orgId }: { orgId: string }) {
  const members = useOrgMembers(orgId);
  const teams = useOrgTeams(orgId);
  const [inviting, setInviting] = useState(false);
  return (
    <section aria-labelledby="org-members-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="org-members-heading" className="text-lg font-semibold text-slate-900">
          Members ({members.data?.length ?? 0})
        </h2>
        <Button onClick={() => setInviting(true)} disabled={!teams.isSuccess}>
          <UserPlus className="size-4" aria-hidden="true" />
          Invite Member
        </Button>
      </div>
      {members.isPending ? (
        <Skeleton className="h-40" />
      ) : members.isError ? (
        <LoadError title="We couldn't load the members" error={members.error} onRetry={() => void members.refetch()} />
      ) : members.data.length === 0 ? (
        <Card>
          <EmptyState icon={UsersRound} title="No members yet" as="h3" />
        </Card>
      ) : (
        <Card>
          <ul className="divide-y divide-slate-100" aria-label="Organization members">
            {members.data.map((member) => (
              <li key={member.id} className="flex items-center gap-3 px-4 py-3">
                <Avatar name={member.name} src={member.avatarUrl} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{member.name}</p>
                  {member.email ? <p className="truncate text-xs text-slate-500">{member.email}</p> : null}
                </div>
                <Badge tone={orgRoleTone(member.role)}>{orgRoleLabel(member.role)}</Badge>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <InviteMemberDialog orgId={orgId} teams={teams.data ?? []} open={inviting} onOpenChange={setInviting} />
    </section>
  );
}
