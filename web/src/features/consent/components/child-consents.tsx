import type { ConsentKind, Player } from '@sideline/domain';
import { RefreshCw, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useAnswerConsents, usePlayerConsents } from '../api.ts';

const labels: Record<ConsentKind, { title: string; detail: string }> = {
  photos: { title: 'Team photos and videos', detail: "Shared with the team's members only" },
  livestream: { title: 'Livestreams and recordings', detail: "The team's streams" },
  public: { title: 'Public', detail: 'Anything visible beyond the team: public streams, a name on a public page' },
};
const kinds: readonly ConsentKind[] = ['photos', 'livestream', 'public'];

/**
 * One child's three consents, each a switch the guardian turns on (given) or off (withheld). An
 * answer is recorded under the wording shown; when the club has changed its wording, the guardian
 * is asked to read it again.
 */
export function ChildConsentCard({ teamId, player }: { teamId: string; player: Pick<Player, 'id' | 'name'> }) {
  const query = usePlayerConsents(teamId, player.id);
  const answer = useAnswerConsents(teamId, player.id);
  const [showText, setShowText] = useState(false);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h4 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
        <ShieldCheck className="size-4 text-brand-600" aria-hidden="true" />
        Consent for {player.name}
      </h4>
      {query.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label={`Loading consent for ${player.name}`} />
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 py-3">
          <p className="text-sm text-slate-600">We couldn't load the consents: {getErrorMessage(query.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <>
          {kinds.some((k) => query.data[k].outdated) ? (
            <p role="status" className="mt-2 rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-800">
              The club has changed its consent wording. Please read it and confirm your answers.
            </p>
          ) : null}
          <ul className="mt-2 divide-y divide-slate-100">
            {kinds.map((kind) => {
              const status = query.data[kind];
              const labelId = `${headingId}-${kind}`;
              return (
                <li key={kind} className="flex items-center gap-3 py-2">
                  <div className="min-w-0 flex-1">
                    <p id={labelId} className="text-sm font-medium text-slate-900">
                      {labels[kind].title}
                    </p>
                    <p className="text-xs text-slate-500">
                      {labels[kind].detail}
                      {status.state === 'unknown' ? ' · Not answered yet' : ''}
                    </p>
                    {status.outdated ? <Badge tone="orange">Older wording</Badge> : null}
                  </div>
                  <Switch
                    checked={status.state === 'given'}
                    aria-labelledby={labelId}
                    disabled={!query.data.canAnswer || answer.isPending}
                    onClick={() =>
                      answer.mutate({
                        [kind]: status.state === 'given' ? 'withheld' : 'given',
                        textVersion: query.data.wording.version,
                      })
                    }
                  />
                </li>
              );
            })}
          </ul>
          {answer.isError ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {getErrorMessage(answer.error)}
            </p>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            className="mt-1 min-h-11"
            aria-expanded={showText}
            onClick={() => setShowText((v) => !v)}
          >
            {showText ? 'Hide the consent wording' : `Read the consent wording (version ${query.data.wording.version})`}
          </Button>
          {showText ? (
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{query.data.wording.text}</p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The signed-in guardian's children on this team, each with their consent switches. */
export function MyChildrenConsents({
  teamId,
  players,
  userId,
}: {
  teamId: string;
  players: readonly Player[];
  userId: string;
}) {
  const mine = players.filter((p) => p.guardians.some((g) => g.userId === userId));
  if (mine.length === 0) return null;
  return (
    <section aria-label="Your children's consent" className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-700">Your children's consent</h3>
      {mine.map((player) => (
        <ChildConsentCard key={player.id} teamId={teamId} player={player} />
      ))}
    </section>
  );
}
