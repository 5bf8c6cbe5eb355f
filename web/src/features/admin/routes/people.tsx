import { Pencil, KeyRound, UserPlus, UserRoundX, UsersRound } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { adminPaths } from '../paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { roleBadgeTone, roleLabel } from '../../auth/roles.ts';
import { useOrgTeams } from '../../orgs/api.ts';
import { InviteMemberDialog } from '../../orgs/components/invite-member-dialog.tsx';
import { useAdminPeople, useDeactivatePerson } from '../api.ts';
import { useAdminContext } from '../components/admin-layout.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { PersonDialog } from '../components/person-dialogs.tsx';
import {
  CardGrid,
  CardsSkeleton,
  ItemCard,
  SearchFilterBar,
  SectionError,
  SectionHeader,
} from '../components/section.tsx';
import { formatDate } from '../lib/format.ts';
import { adminRoles, type AdminPerson } from '../types.ts';
import { RowActions } from '../../../components/ui/row-actions.tsx';

/** Spec part 2 §9: a person card shows 2 connected teams. */
const CARD_TEAMS = 2;

/** /admin/people, /admin/people/invite, /admin/people/{id}/edit, /admin/people/{id}/role (spec part 2 §2). */
export function AdminPeopleRoute() {
  const { organization, params } = useAdminContext();
  const { pathname } = useLocation();
  const personId = params.personId;
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const people = useAdminPeople({ search: deferredSearch || undefined, role: role || undefined });
  const orgTeams = useOrgTeams(organization.id);
  const deactivate = useDeactivatePerson();
  const [deactivating, setDeactivating] = useState<AdminPerson | null>(null);

  const back = () => void navigate(adminPaths.people);
  const selected = personId ? (people.data?.find((p) => p.id === personId) ?? null) : null;
  const mode = selected && pathname === adminPaths.personRole(selected.id) ? 'role' : 'edit';

  const confirmDeactivate = () => {
    if (!deactivating) return;
    deactivate.mutate(deactivating.id, {
      onSuccess: () => {
        toast({
          title: 'Person deactivated',
          description: `${deactivating.name} no longer has access to this club's teams. Nothing they wrote is lost.`,
        });
        setDeactivating(null);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to deactivate', description: getErrorMessage(error) }),
    });
  };

  return (
    <div>
      <SectionHeader title="People" description="Everyone in the organization's teams.">
        <Link to={adminPaths.invitePerson} className={buttonClassName('primary', 'md')}>
          <UserPlus className="size-4" aria-hidden="true" />
          Invite
        </Link>
      </SectionHeader>
      <SearchFilterBar
        searchLabel="Search people by name or email"
        searchPlaceholder="Search by name or email"
        search={search}
        onSearchChange={setSearch}
        filterLabel="Filter by role"
        filterClassName="sm:w-48"
        filter={role}
        onFilterChange={setRole}
      >
        <option value="">All roles</option>
        {adminRoles.map((r) => (
          <option key={r} value={r}>
            {roleLabel(r)}
          </option>
        ))}
      </SearchFilterBar>
      {people.isPending ? (
        <CardsSkeleton />
      ) : people.isError ? (
        <SectionError title="Failed to fetch people" error={people.error} onRetry={() => void people.refetch()} />
      ) : people.data.length === 0 ? (
        <Card>
          <EmptyState
            icon={UsersRound}
            title={deferredSearch || role ? 'No one matches' : 'No people yet'}
            description={
              deferredSearch || role ? 'Try another search or role.' : 'Invite coaches and players to your teams.'
            }
          />
        </Card>
      ) : (
        <CardGrid label="People">
          {people.data.map((person) => (
            <ItemCard key={person.id}>
              <div className="flex items-start gap-3">
                <Avatar name={person.name} />
                <div className="min-w-0 flex-1">
                  <h2 className="truncate font-semibold text-slate-900">{person.name}</h2>
                  {person.email ? <p className="truncate text-sm text-slate-500">{person.email}</p> : null}
                </div>
                <div className="flex flex-col items-end gap-1">
                  <Badge tone={roleBadgeTone(person.role)}>
                    {person.role === 'member' ? 'Member' : roleLabel(person.role)}
                  </Badge>
                  {person.isActive ? null : <Badge tone="neutral">Deactivated</Badge>}
                </div>
              </div>
              <div className="text-sm text-slate-600">
                {person.connectedTeams.length === 0 ? (
                  <p>No teams</p>
                ) : (
                  <ul aria-label={`Teams of ${person.name}`}>
                    {person.connectedTeams.slice(0, CARD_TEAMS).map((t) => (
                      <li key={t.teamName} className="truncate">
                        {t.teamName}
                        {t.teamSport ? <span className="text-slate-500"> · {t.teamSport}</span> : null}
                      </li>
                    ))}
                    {person.connectedTeams.length > CARD_TEAMS ? (
                      <li className="text-slate-500">+{person.connectedTeams.length - CARD_TEAMS} more</li>
                    ) : null}
                  </ul>
                )}
                <p className="mt-1 text-xs text-slate-500">Joined {formatDate(person.joinedAt)}</p>
              </div>
              <div className="mt-auto flex flex-wrap gap-2 pt-1">
                <RowActions
                  label={`Actions for ${person.name}`}
                  actions={[
                    { label: 'Edit', name: `Edit ${person.name}`, icon: Pencil, to: adminPaths.editPerson(person.id) },
                    {
                      label: 'Role',
                      name: `Change role of ${person.name}`,
                      icon: KeyRound,
                      to: adminPaths.personRole(person.id),
                    },
                    ...(person.isActive
                      ? [
                          {
                            label: 'Deactivate',
                            name: `Deactivate ${person.name}`,
                            icon: UserRoundX,
                            onSelect: () => setDeactivating(person),
                            destructive: true,
                          },
                        ]
                      : []),
                  ]}
                />
              </div>
            </ItemCard>
          ))}
        </CardGrid>
      )}
      <PersonDialog person={selected} mode={mode} onClose={back} />
      <InviteMemberDialog
        orgId={organization.id}
        teams={orgTeams.data ?? []}
        open={pathname === adminPaths.invitePerson}
        onOpenChange={(open) => (open ? undefined : back())}
      />
      <ConfirmDialog
        open={deactivating !== null}
        title={`Deactivate ${deactivating?.name ?? 'this person'}?`}
        description="This removes access to this club's teams, chat, media, streams and calendar feeds, and any admin rights here. Stream keys they were given stop working at once (a live broadcast with one is cut off); the team's coaches rotate a key to stream again. Their account and other clubs are not affected; their messages, RSVPs and uploads are kept."
        confirmLabel="Deactivate"
        pendingLabel="Deactivating..."
        pending={deactivate.isPending}
        onConfirm={confirmDeactivate}
        onClose={() => setDeactivating(null)}
      />
    </div>
  );
}
