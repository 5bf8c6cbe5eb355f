import { statKindOf } from '@sideline/domain';
import { ArrowLeft } from 'lucide-react';
import { cn } from '../../../../lib/cn.ts';
import { singularStatLabel, statPhrase } from '../../lib/timeline.ts';
import { bigButtonClassName, subjectName, type ScorerSubject } from './scorer-subject.ts';

/** One button of the picker: a stat type, or one value of it ("2 points"). */
interface Choice {
  statType: string;
  value: number | null;
  label: string;
}

/** A button per value where a count comes in several (a basketball basket: 1, 2 or 3 points). */
function choicesOf(statTypes: readonly string[], valuesOf: (statType: string) => readonly number[]): Choice[] {
  return statTypes.flatMap((statType) => {
    const values = valuesOf(statType);
    if (values.length <= 1) return [{ statType, value: values[0] ?? null, label: singularStatLabel(statType) }];
    return values.map((value) => ({
      statType,
      value,
      label: statPhrase(statType, value).replace(/^Point$/, '1 point'),
    }));
  });
}

/**
 * Step two: what. The sport's stat types as large buttons (the opponent's: its scoring types
 * only), a count that comes in several values as one button per value; a count records at once,
 * a measure (time, distance, …) asks for its value first.
 */
export function StatPicker({
  subject,
  statTypes,
  scoringTypes,
  valuesOf,
  onPick,
  onBack,
}: {
  subject: ScorerSubject;
  statTypes: readonly string[];
  scoringTypes: readonly string[];
  /** The values a count is tapped with (one: no question); none for a measure. */
  valuesOf: (statType: string) => readonly number[];
  /** The stat type, with its value when the button carries one (null: a measure, asked next). */
  onPick: (statType: string, value: number | null) => void;
  onBack: () => void;
}) {
  const name = subjectName(subject);
  return (
    <section aria-label={`Stat for ${name}`} className="space-y-3">
      <h2 className="text-base font-semibold break-words text-slate-900">{name}: what happened?</h2>
      <ul className="grid grid-cols-2 gap-2">
        {choicesOf(statTypes, valuesOf).map(({ statType, value, label }) => {
          const scoring = scoringTypes.includes(statType);
          const measured = statKindOf(statType) === 'measure';
          return (
            <li key={`${statType}:${value ?? ''}`}>
              <button
                type="button"
                onClick={() => onPick(statType, value)}
                className={cn(
                  bigButtonClassName,
                  scoring
                    ? 'bg-gradient-to-r from-brand-600 to-violet-600 text-white hover:from-brand-700 hover:to-violet-700'
                    : 'border border-slate-200 bg-white text-slate-900 hover:bg-slate-50',
                )}
              >
                {label}
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
