import { Star, UsersRound } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useUser } from '../../features/auth/api.ts';
import { roleBadgeTone, roleLabel } from '../../features/auth/roles.ts';

/** / — the home dashboard. For now: the greeting and an empty state until teams exist. */
export function HomeRoute() {
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <div className="space-y-6">
      <section aria-labelledby="home-greeting">
        <p className="text-sm font-medium text-slate-500">Welcome back</p>
        <h1 id="home-greeting" className="mt-0.5 text-2xl font-bold tracking-tight text-slate-900">
          {user.name}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Badge tone={roleBadgeTone(user.role)}>{roleLabel(user.role)}</Badge>
          <span className="inline-flex items-center gap-1 text-sm font-medium text-slate-600">
            <Star className="size-4 text-amber-500" aria-hidden="true" />
            {user.xp.toLocaleString()} XP
          </span>
        </div>
      </section>

      <Card className="flex flex-col items-center px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
          <UsersRound className="size-7" aria-hidden="true" />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-slate-900">Your teams will appear here</h2>
        <p className="mt-1 max-w-sm text-sm text-slate-500">
          {user.role === 'coach'
            ? 'Create your first team to start coaching and managing players.'
            : 'Once you join a team, its chat, events and media show up right here.'}
        </p>
      </Card>
    </div>
  );
}
