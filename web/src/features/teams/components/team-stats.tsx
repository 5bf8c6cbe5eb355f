import { GraduationCap, Heart, Trophy, UsersRound, type LucideIcon } from 'lucide-react';

function StatCard({
  label,
  value,
  icon: Icon,
  tone,
}: {
  label: string;
  value: number | null;
  icon: LucideIcon;
  tone: string;
}) {
  return (
    <div className="relative flex min-h-18 flex-col-reverse justify-center rounded-2xl border border-slate-200/80 bg-white py-3 pr-4 pl-17 shadow-sm shadow-slate-900/5">
      <dt className="text-xs text-slate-500">
        <span
          aria-hidden="true"
          className={`absolute top-1/2 left-4 flex size-10 -translate-y-1/2 items-center justify-center rounded-xl ${tone}`}
        >
          <Icon className="size-5" />
        </span>
        {label}
      </dt>
      <dd className="text-2xl leading-tight font-bold text-slate-900">
        {value === null ? '—' : value.toLocaleString()}
      </dd>
    </div>
  );
}

/** The team's four counts; null while the list a count comes from loads. */
export function TeamStats({
  members,
  players,
  coaches,
  parents,
}: {
  members: number;
  players: number | null;
  coaches: number | null;
  parents: number | null;
}) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Total Members" value={members} icon={UsersRound} tone="bg-brand-50 text-brand-600" />
      <StatCard label="Active Players" value={players} icon={Trophy} tone="bg-purple-50 text-purple-600" />
      <StatCard label="Coaches" value={coaches} icon={GraduationCap} tone="bg-blue-50 text-blue-600" />
      <StatCard label="Parents" value={parents} icon={Heart} tone="bg-emerald-50 text-emerald-600" />
    </dl>
  );
}
