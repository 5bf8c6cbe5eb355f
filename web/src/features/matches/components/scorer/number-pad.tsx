import { statValueSchema } from '@sideline/domain';
import { Delete } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../../lib/cn.ts';
import { statTypeLabel } from '../../lib/match-display.ts';
import { bigButtonBoxClassName, bigButtonClassName } from './scorer-subject.ts';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0'] as const;

/** The value typed so far, with one more key: at most one point and two decimals. */
export function pressKey(value: string, key: string): string {
  if (key === '.') return value.includes('.') ? value : `${value || '0'}.`;
  const decimals = value.split('.')[1];
  if (decimals !== undefined && decimals.length >= 2) return value;
  if (value === '0') return key;
  return value.length >= 9 ? value : value + key;
}

/** A measured stat's value (a time, a distance, strokes …) on large keys, then Record. */
export function NumberPad({
  statType,
  who,
  onRecord,
  onBack,
}: {
  statType: string;
  who: string;
  onRecord: (value: number) => void;
  onBack: () => void;
}) {
  const [value, setValue] = useState('');
  const parsed = statValueSchema.safeParse(value);
  const label = statTypeLabel(statType);
  const error = value !== '' && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  return (
    <section aria-label={`${label} for ${who}`} className="space-y-3">
      <h2 className="text-base font-semibold break-words text-slate-900">
        {label} for {who}
      </h2>
      <output
        aria-label={label}
        aria-live="polite"
        className="block min-h-14 rounded-2xl border border-slate-200 bg-white px-4 py-3 text-right text-3xl font-bold text-slate-900 tabular-nums"
      >
        {value || '0'}
      </output>
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
      <div className="grid grid-cols-3 gap-2" role="group" aria-label="Number pad">
        {KEYS.map((key) => (
          <button
            key={key}
            type="button"
            aria-label={key === '.' ? 'Decimal point' : undefined}
            onClick={() => setValue((v) => pressKey(v, key))}
            className={cn(
              bigButtonBoxClassName,
              'w-full gap-2 border border-slate-200 bg-white px-3 text-2xl text-slate-900 hover:bg-slate-50',
            )}
          >
            {key}
          </button>
        ))}
        <button
          type="button"
          aria-label="Delete the last digit"
          onClick={() => setValue((v) => v.slice(0, -1))}
          className={cn(bigButtonClassName, 'border border-slate-200 bg-white text-slate-900 hover:bg-slate-50')}
        >
          <Delete className="size-6" aria-hidden="true" />
        </button>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          onClick={onBack}
          className={cn(bigButtonClassName, 'bg-slate-100 text-slate-800 hover:bg-slate-200')}
        >
          Back
        </button>
        <button
          type="button"
          disabled={value === '' || !parsed.success}
          onClick={() => parsed.success && onRecord(parsed.data)}
          className={cn(
            bigButtonClassName,
            'bg-gradient-to-r from-brand-600 to-violet-600 text-white hover:from-brand-700 hover:to-violet-700',
          )}
        >
          Record {label.toLowerCase()}
        </button>
      </div>
    </section>
  );
}
