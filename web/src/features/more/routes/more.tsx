import { ChevronRight, LogOut, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { moreSections, type NavEntry } from '../../../components/layouts/nav-items.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { teamPath } from '../../../config/paths.ts';
import { useUser } from '../../auth/api.ts';
import { roleBadgeTone, roleLabel } from '../../auth/roles.ts';
import { useSignOut } from '../../auth/use-sign-out.ts';
import { useTeams } from '../../teams/api.ts';
import { teamInitial } from '../../teams/team-display.ts';

const ProfileDialog = lazy(() =>
  import('../../auth/components/profile-dialog.tsx').then((m) => ({ default: m.ProfileDialog })),
);

/** A full-width row of a More list: at least 56 px tall, the whole row is the target. */
const rowClassName =
  'flex min-h-14 items-center gap-3 px-4 py-2 text-sm font-medium text-slate-900 transition-colors hover:bg-slate-50';

function EntryRow({ entry }: { entry: NavEntry }) {
  const Icon = entry.icon;
  return (
    <li>
      <Link to={entry.to} className={rowClassName}>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1 truncate">{entry.label}</span>
        <ChevronRight className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      </Link>
    </li>
  );
}

/**
 * /more — everything the phone's bottom bar has no room for: the person (View Profile), their
 * teams' pages, Teams, Media, Badges, the organization's pages for its admins, Settings, the
 * sports guide, and Sign Out.
 */
export function MoreRoute() {
  const { data: user } = useUser();
  const teams = useTeams();
  const { signOut, isPending } = useSignOut();
  const [profileOpen, setProfileOpen] = useState(false);
  const [profileLoaded, setProfileLoaded] = useState(false);
  if (!user) return null;

  return (
    <div className="mx-auto max-w-lg space-y-5">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">More</h1>
      <Card className="flex items-center gap-3 p-4">
        <Avatar name={user.name} src={user.avatarUrl} size="md" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900">{user.name}</p>
          <Badge tone={roleBadgeTone(user.role)} className="mt-0.5">
            {roleLabel(user.role)}
          </Badge>
        </div>
        <Button
          variant="outline"
          onClick={() => {
            setProfileLoaded(true);
            setProfileOpen(true);
          }}
        >
          <UserRound className="size-4" aria-hidden="true" />
          Profile
        </Button>
      </Card>

      {teams.data && teams.data.length > 0 ? (
        <section aria-labelledby="more-team-pages">
          <h2 id="more-team-pages" className="mb-2 px-1 text-sm font-semibold text-slate-600">
            Team pages
          </h2>
          <Card className="overflow-hidden">
            <ul className="divide-y divide-slate-100">
              {teams.data.map((team) => (
                <li key={team.id}>
                  <Link to={teamPath(team.id)} className={rowClassName}>
                    <span
                      className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-slate-100 font-semibold text-slate-700"
                      aria-hidden="true"
                    >
                      {teamInitial(team.name)}
                    </span>
                    <span className="min-w-0 flex-1 truncate">{team.name}</span>
                    <ChevronRight className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        </section>
      ) : null}

      {moreSections(user.role).map((section) => {
        const id = `more-${section.title.toLowerCase().replaceAll(' ', '-')}`;
        return (
          <section key={section.title} aria-labelledby={id}>
            <h2 id={id} className="mb-2 px-1 text-sm font-semibold text-slate-600">
              {section.title}
            </h2>
            <Card className="overflow-hidden">
              <ul className="divide-y divide-slate-100">
                {section.entries.map((entry) => (
                  <EntryRow key={entry.to} entry={entry} />
                ))}
              </ul>
            </Card>
          </section>
        );
      })}

      <Button
        variant="outline-destructive"
        size="lg"
        className="w-full"
        disabled={isPending}
        aria-busy={isPending || undefined}
        onClick={signOut}
      >
        <LogOut className="size-5" aria-hidden="true" />
        {isPending ? 'Signing out…' : 'Sign Out'}
      </Button>

      {profileLoaded ? (
        <Suspense fallback={null}>
          <ProfileDialog user={user} open={profileOpen} onOpenChange={setProfileOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
