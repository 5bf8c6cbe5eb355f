import {
  positionCount,
  rewardActionOfStat,
  rewardRules,
  rewardTable,
  sportList,
  unknownSport,
  type SportDefinition,
} from '@sideline/domain';
import { Medal, Database, LayoutGrid, Shirt } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';

/** 'fairways_hit' → 'Fairways hit' (as the stat forms label them). */
const statTypeLabel = (statType: string) => {
  const words = statType.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const pillClassName = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

/** Every stat type that earns a reward, with the sports that record it (from the catalogue). */
function rewardedStats() {
  const rows = new Map<string, { statType: string; sports: string[] }>();
  for (const sport of sportList) {
    for (const statType of sport.statTypes) {
      if (!rewardActionOfStat(statType)) continue;
      const row = rows.get(statType) ?? { statType, sports: [] };
      row.sports.push(sport.name);
      rows.set(statType, row);
    }
  }
  return [...rows.values()];
}

const weightsText = (sport: SportDefinition) =>
  Object.entries(sport.scoring.weights)
    .map(([stat, weight]) => (weight === 1 ? statTypeLabel(stat) : `${statTypeLabel(stat)} × ${weight}`))
    .join(' + ');

/**
 * /sports-demo — the Sports & stats guide, reached from Games (spec part 2 §2, §9, retitled for
 * families: it explains, it is not a system demo): Overview, Sports, Scoring and XP. Every figure comes from the domain's sport catalogue
 * and reward table, the same ones the server validates matches and credits rewards with.
 */
export function SportsDemoRoute() {
  const statTypeCount = new Set(sportList.flatMap((s) => s.statTypes)).size;
  const teamSports = sportList.filter((s) => s.type === 'team').length;
  const stats = [
    { label: 'Sports', value: sportList.length },
    { label: 'Positions', value: positionCount },
    { label: 'Stat types', value: statTypeCount },
    { label: 'Rewarded actions', value: rewardRules.length },
  ];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Sports &amp; stats guide</h1>
        <p className="mt-0.5 text-sm text-slate-500">
          {sportList.length} sports, {positionCount} positions, and the XP every play earns.
        </p>
      </div>
      <Tabs defaultValue="overview">
        <TabsList className="max-w-2xl" aria-label="Guide">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="database">Sports</TabsTrigger>
          <TabsTrigger value="teams">Scoring</TabsTrigger>
          <TabsTrigger value="xp">XP</TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="space-y-4">
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {stats.map((s) => (
              <Card key={s.label} className="px-4 py-3">
                <dt className="text-xs font-medium text-slate-500">{s.label}</dt>
                <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{s.value}</dd>
              </Card>
            ))}
          </dl>
          <Card className="space-y-2 p-5 text-sm text-slate-600">
            <h2 className="flex items-center gap-2 font-semibold text-slate-900">
              <LayoutGrid className="size-4" aria-hidden="true" />
              How it fits together
            </h2>
            <p>
              {teamSports} team sports and {sportList.length - teamSports} individual sports. Each sport brings its own
              positions for lineups, the stat types a scorer may record, and the rule that turns stats into a score.
            </p>
            <p>
              Recorded stats feed the live score, box scores, season leaderboards and rewards; a correction appends a
              new fact and every figure follows it. A sport the catalogue does not know records{' '}
              {unknownSport.statTypes.map(statTypeLabel).join(' and ').toLowerCase()}.
            </p>
          </Card>
        </TabsContent>

        <TabsContent value="database">
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Sports">
            {sportList.map((sport) => (
              <li key={sport.id}>
                <Card role="article" aria-label={sport.name} className="h-full space-y-3 p-5">
                  <div className="flex items-center justify-between gap-2">
                    <h2 className="flex items-center gap-2 font-semibold text-slate-900">
                      <Database className="size-4 text-slate-400" aria-hidden="true" />
                      {sport.name}
                    </h2>
                    <span
                      className={`${pillClassName} ${sport.type === 'team' ? 'bg-blue-50 text-blue-700 ring-blue-200' : 'bg-purple-50 text-purple-700 ring-purple-200'}`}
                    >
                      {sport.type}
                    </span>
                  </div>
                  <p className="text-sm text-slate-600">{sport.description}</p>
                  <div>
                    <h3 className="text-xs font-semibold text-slate-500 uppercase">
                      Positions ({sport.positions.length})
                    </h3>
                    <p className="text-sm text-slate-800">{sport.positions.map((p) => p.name).join(', ')}</p>
                  </div>
                  <div>
                    <h3 className="text-xs font-semibold text-slate-500 uppercase">
                      Stat types ({sport.statTypes.length})
                    </h3>
                    <p className="text-sm text-slate-800">{sport.statTypes.map(statTypeLabel).join(', ')}</p>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        </TabsContent>

        <TabsContent value="teams" className="space-y-4">
          <Card className="space-y-2 p-5 text-sm text-slate-600">
            <h2 className="flex items-center gap-2 font-semibold text-slate-900">
              <Shirt className="size-4" aria-hidden="true" />
              From season to scoreboard
            </h2>
            <ol className="list-decimal space-y-1 pl-5">
              <li>A season is for one sport; its teams play that sport.</li>
              <li>A match between two of the season's teams takes the season's sport.</li>
              <li>The lineup picks the sport's positions; stats are the sport's stat types.</li>
              <li>The live score is computed from the stats by the sport's rule below.</li>
            </ol>
          </Card>
          <Card className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">How each sport scores</caption>
              <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2">
                    Sport
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Score counts
                  </th>
                  <th scope="col" className="px-4 py-2">
                    From
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Winner
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {sportList.map((sport) => (
                  <tr key={sport.id}>
                    <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                      {sport.name}
                    </th>
                    <td className="px-4 py-2">{sport.scoring.label}</td>
                    <td className="px-4 py-2">{weightsText(sport)}</td>
                    <td className="px-4 py-2">{sport.scoring.lowerWins ? 'Lowest' : 'Highest'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        </TabsContent>

        <TabsContent value="xp" className="space-y-4">
          <Card className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="px-4 pt-3 text-left font-semibold text-slate-900">
                <span className="flex items-center gap-2">
                  <Medal className="size-4" aria-hidden="true" />
                  What each action earns
                </span>
              </caption>
              <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2">
                    Action
                  </th>
                  <th scope="col" className="px-4 py-2">
                    XP
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Dulars
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Daily XP cap
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rewardRules.map((rule) => (
                  <tr key={rule.action}>
                    <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                      {rule.label}
                      {rule.available ? null : (
                        <span className="ml-1.5 text-xs text-slate-500">(not recorded yet)</span>
                      )}
                    </th>
                    <td className="px-4 py-2 tabular-nums">{rule.xp}</td>
                    <td className="px-4 py-2 tabular-nums">{rule.dulars}</td>
                    <td className="px-4 py-2 tabular-nums">{rule.dailyXpCap}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <Card className="space-y-2 p-5 text-sm text-slate-600">
            <h2 className="font-semibold text-slate-900">Rewards from play</h2>
            <ul className="space-y-1">
              {rewardedStats().map((row) => {
                const rule = rewardTable[rewardActionOfStat(row.statType)!];
                return (
                  <li key={row.statType}>
                    {statTypeLabel(row.statType)} ({row.sports.join(', ')}): {rule.xp} XP + {rule.dulars} dulars each
                  </li>
                );
              })}
            </ul>
            <p>
              Dulars are half the XP where the table gives no figure. A corrected or retracted stat takes its reward
              back.
            </p>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
