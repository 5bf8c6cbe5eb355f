import { statKindOf } from '@sideline/domain';
import { ArrowLeft } from 'lucide-react';
import { cn } from '../../../../lib/cn.ts';
import { singularStatLabel } from '../../lib/timeline.ts';
import { bigButtonClassName, subjectName, type ScorerSubject } from './scorer-subject.ts';

/**
 * Step two: what. The sport's stat types as large buttons (the opponent's: its scoring types
 * only); a count records at once, a measure (time, distance, …) asks for its value first.
 */
export function StatPicker({
  subject,
  statTypes,
  scoringTypes,
  onPick,
  onBack,
}: {
  subject: ScorerSubject;
  statTypes: readonly string[];
  scoringTypes: readonly string[];
  onPick: (statType: string) => void;
  onBack: () => void;
}) {
  const name = subjectName(subject);
  return (
    <section aria-label={`Stat for ${name}`} className="space-y-3">
      <h2 className="text-base font-semibold break-words text-slate-900">{name}: what happened?</h2>
      <ul className="grid grid-cols-2 gap-2">
        {statTypes.map((statType) => {
          const scoring = scoringTypes.includes(statType);
          const measured = statKindOf(statType) === 'measure';
          return (
            <li key={statType}>
              <button
                type="button"
                onClick={() => onPick(statType)}
                className={cn(
                  bigButtonClassName,
                  scoring
                    ? 'bg-gradient-to-r from-brand-600 to-violet-600 text-white hover:from-brand-700 hover:to-violet-700'
                    : 'border border-slate-200 bg-white text-slate-900 hover:bg-slate-50',
                )}
              >
                {singularStatLabel(statType)}
                {measured ? <span aria-hidden="true">…</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={onBack}
        className={cn(bigButtonClassName, 'bg-slate-100 text-slate-800 hover:bg-slate-200')}
      >
        <ArrowLeft className="size-5" aria-hidden="true" />
        Choose someone else
      </button>
    </section>
  );
}
