import type { AdminConsentRow, ConsentState } from '@sideline/domain';
import { Download, ClipboardCheck } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { consentsExportUrl, useAdminConsents, useAdminTeams } from '../api.ts';
import { SectionError, SectionHeader } from '../components/section.tsx';
import { TeamFilter } from '../components/team-filter.tsx';
import { formatDateTime } from '../lib/format.ts';

const kinds = [
  ['photos', 'Photos'],
  ['livestream', 'Streams'],
  ['public', 'Public'],
] as const;
const stateTone: Record<ConsentState, BadgeTone> = { given: 'green', withheld: 'orange', unknown: 'neutral' };

function ConsentRow({ row }: { row: AdminConsentRow }) {
  return (
    <li className="px-4 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 text-sm font-medium wrap-anywhere text-slate-900">
          {row.playerName} <span className="font-normal text-slate-500">· {row.teamName}</span>
        </p>
        <span className="shrink-0 text-xs text-slate-500">
          {row.lastChangedAt ? (
            <>
              Last changed <time dateTime={row.lastChangedAt}>{formatDateTime(row.lastChangedAt)}</time>
            </>
          ) : (
            'Never answered'
          )}
        </span>
      </div>
      <p className="mt-1.5 flex flex-wrap items-center gap-2 text-xs">
        {kinds.map(([kind, label]) => (
          <Badge key={kind} tone={stateTone[row[kind]]}>
            {label}: {row[kind]}
          </Badge>
        ))}
        {row.outdated ? <Badge tone="purple">Given under an older wording</Badge> : null}
      </p>
    </li>
  );
}

/**
 * /admin/consents: every player's photo, livestream and public consent and when it last changed
 * (GET /api/admin/consents), narrowed to a team (kept in the address), exported as CSV.
 */
export function AdminConsentsRoute() {
  const [params, setParams] = useSearchParams();
  const teamId = params.get('teamId') ?? undefined;
  const consents = useAdminConsents(teamId);
  const teams = useAdminTeams();
  const rows = consents.data ?? [];

  return (
    <div>
      <SectionHeader title="Consents" description="Each player's photo, livestream and public consent, as answered.">
        <a href={consentsExportUrl(teamId)} className={buttonClassName('outline', 'md')} download>
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </a>
      </SectionHeader>
      <Card className="mb-4 p-4">
        <div className="space-y-1.5 sm:max-w-xs">
          <TeamFilter
            id="consents-team"
            teams={teams.data}
            value={teamId}
            onChange={(id) => setParams(id ? { teamId: id } : {}, { replace: true })}
          />
        </div>
      </Card>
      {consents.isPending ? (
        <Skeleton className="h-40" />
      ) : consents.isError ? (
        <SectionError title="Failed to fetch consents" error={consents.error} onRetry={() => void consents.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={ClipboardCheck} title="No players" description="Players appear here once a team has them." />
      ) : (
        <Card className="p-0">
          <ul aria-label="Consents" className="divide-y divide-slate-100">
            {rows.map((row) => (
              <ConsentRow key={`${row.teamId} ${row.playerId}`} row={row} />
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
