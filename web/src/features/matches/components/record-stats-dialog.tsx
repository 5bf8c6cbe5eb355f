import { zodResolver } from '@hookform/resolvers/zod';
import {
  amendStatInputSchema,
  recordStatInputSchema,
  scoringStatTypes,
  sportById,
  statKindOf,
  type Match,
  type Stat,
} from '@sideline/domain';
import { Pencil, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../auth/components/apply-server-errors.ts';
import { useAmendStat, useMatchStats, useParticipants, useRecordStat, useRetractStat } from '../api.ts';
import { groupStats, scoreText, statTypeLabel, statTypesOf } from '../lib/match-display.ts';
import { useMatchMachine } from './match-actions.tsx';

interface RecordStatsDialogProps {
  match: Match;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Record Match Statistics (spec part 2 §2, §5, §8): the stat form on the left, the match's
 * statistics grouped by player on the right, each correctable (with a reason) by its managers.
 */
export function RecordStatsDialog({ match, open, onOpenChange }: RecordStatsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="3xl">
        <DialogHeader>
          <DialogTitle>Record Match Statistics</DialogTitle>
          <DialogDescription>
            {match.teamA.name} vs {match.teamB.name}. Corrections keep the recorded history.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <div className="grid gap-6 md:grid-cols-2">
            <StatForm match={match} />
            <MatchStatistics match={match} />
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type FormValues = { participantId: string; statType: string; value: string; context: string };
/** The player choice that stands for the opponent outside Sideline (its stats name no player). */
const OPPONENT = 'opponent';
/** The shared stat schema; an unpicked player is a missing one. */
const statFormSchema = z.preprocess((raw) => {
  const values = raw as FormValues;
  if (values.participantId === OPPONENT) return { ...values, participantId: undefined, side: 'opponent' };
  return { ...values, participantId: values.participantId || undefined };
}, recordStatInputSchema);
type Output = z.output<typeof recordStatInputSchema>;
/** A count's usual value is 1 (a goal); a measure (a time, a distance) starts empty. 0 stays valid. */
const COUNT_VALUE = '1';
const EMPTY: FormValues = { participantId: '', statType: '', value: COUNT_VALUE, context: '' };

function StatForm({ match }: { match: Match }) {
  const participants = useParticipants(match.id);
  const record = useRecordStat(match.id);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getFieldState,
    control,
    formState: { errors },
  } = useForm<FormValues, unknown, Output>({
    resolver: zodResolver(statFormSchema as unknown as z.ZodType<Output, FormValues>) as unknown as Resolver<
      FormValues,
      unknown,
      Output
    >,
    defaultValues: EMPTY,
  });
  const statType = useWatch({ control, name: 'statType' });
  const subject = useWatch({ control, name: 'participantId' });
  // Until the scorer types a value: 1 for a count, empty for a measure.
  useEffect(() => {
    if (getFieldState('value').isDirty) return;
    setValue('value', statType && statKindOf(statType) === 'measure' ? '' : COUNT_VALUE);
  }, [statType, getFieldState, setValue]);
  // The opponent outside Sideline scores with the sport's scoring types only.
  const statTypes = subject === OPPONENT ? scoringStatTypes(sportById(match.sportId)) : statTypesOf(match.sportId);
  const onSubmit = handleSubmit((values) =>
    record.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Statistic recorded successfully' });
        reset(EMPTY);
      },
      onError: (error) => {
        applyServerFieldErrors(error, ['statType', 'value', 'context', 'participantId'], setError);
        toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error) });
      },
    }),
  );
  // The shared schema names a missing player `userId` (the spec's field); the form picks a lineup entry.
  const playerError = errors.participantId?.message ?? (errors as Record<string, { message?: string }>).userId?.message;
  const err = (name: keyof FormValues) => errors[name]?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Record a statistic">
      <Field id="stat-player" label="Player" error={playerError}>
        <NativeSelect {...fieldControlProps('stat-player', playerError)} {...register('participantId')}>
          <option value="">
            {participants.data?.length === 0 ? 'Add players to the lineup first' : 'Select a player'}
          </option>
          {participants.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.userName || 'Unknown Player'} ({p.teamId === match.teamA.id ? match.teamA.name : match.teamB.name})
            </option>
          ))}
          {match.opponentName ? <option value={OPPONENT}>{match.opponentName} (opponent)</option> : null}
        </NativeSelect>
      </Field>
      <Field id="stat-type" label="Stat type" error={err('statType')}>
        <NativeSelect {...fieldControlProps('stat-type', err('statType'))} {...register('statType')}>
          <option value="">Select a stat type</option>
          {statTypes.map((t) => (
            <option key={t} value={t}>
              {statTypeLabel(t)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="stat-value" label="Value" error={err('value')}>
        <Input
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          {...fieldControlProps('stat-value', err('value'))}
          {...register('value')}
        />
      </Field>
      <Field id="stat-context" label="Context (optional)" error={err('context')}>
        <Input
          placeholder="e.g. penalty, 2nd half"
          maxLength={200}
          {...fieldControlProps('stat-context', err('context'))}
          {...register('context')}
        />
      </Field>
      <Button type="submit" disabled={record.isPending}>
        {record.isPending ? 'Recording...' : 'Record Stat'}
      </Button>
    </form>
  );
}

function MatchStatistics({ match }: { match: Match }) {
  const stats = useMatchStats(match.id);
  const { can } = useMatchMachine(match);
  const correctable = match.canManage && can('AmendStat');
  return (
    <section aria-labelledby="match-statistics" className="space-y-2">
      <h3 id="match-statistics" className="text-sm font-semibold text-slate-700">
        Match Statistics
      </h3>
      {stats.isPending ? (
        <p className="text-sm text-slate-500">Loading statistics...</p>
      ) : !stats.data?.length ? (
        <p className="rounded-xl border border-dashed border-slate-200 px-4 py-5 text-center text-sm text-slate-500">
          No statistics recorded yet
        </p>
      ) : (
        <div className="max-h-96 space-y-3 overflow-y-auto pr-1">
          {groupStats(stats.data, (s) => s.participantId ?? s.side).map(([participantId, rows]) => (
            <section key={participantId} aria-label={rows[0]!.userName || 'Unknown Player'}>
              <h4 className="text-sm font-medium text-slate-900">{rows[0]!.userName || 'Unknown Player'}</h4>
              <ul className="mt-1 space-y-1">
                {rows.map((s) => (
                  <StatRow key={s.id} match={match} stat={s} correctable={correctable} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}

type AmendValues = { value: string; context: string; reason: string };
type AmendOutput = z.output<typeof amendStatInputSchema>;

function StatRow({ match, stat, correctable }: { match: Match; stat: Stat; correctable: boolean }) {
  const [mode, setMode] = useState<'view' | 'amend' | 'retract'>('view');
  const label = `${statTypeLabel(stat.statType)}: ${scoreText(stat.value)}${stat.context ? ` (${stat.context})` : ''}`;
  return (
    <li className="rounded-lg bg-slate-50 px-3 py-1.5 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span className="text-slate-700">
          {label}
          {stat.amended ? <span className="ml-1.5 text-xs text-slate-500">(corrected)</span> : null}
        </span>
        {correctable && mode === 'view' ? (
          <span className="flex shrink-0 gap-1">
            <Button variant="ghost" size="sm" aria-label={`Correct ${label}`} onClick={() => setMode('amend')}>
              <Pencil className="size-3.5" aria-hidden="true" />
              Correct
            </Button>
            <Button variant="ghost" size="sm" aria-label={`Retract ${label}`} onClick={() => setMode('retract')}>
              <Undo2 className="size-3.5" aria-hidden="true" />
              Retract
            </Button>
          </span>
        ) : null}
      </div>
      {mode === 'amend' ? <AmendForm match={match} stat={stat} onDone={() => setMode('view')} /> : null}
      {mode === 'retract' ? <RetractForm match={match} stat={stat} onDone={() => setMode('view')} /> : null}
    </li>
  );
}

function AmendForm({ match, stat, onDone }: { match: Match; stat: Stat; onDone: () => void }) {
  const amend = useAmendStat(match.id);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AmendValues, unknown, AmendOutput>({
    resolver: zodResolver(amendStatInputSchema) as unknown as Resolver<AmendValues, unknown, AmendOutput>,
    defaultValues: { value: String(stat.value), context: stat.context ?? '', reason: '' },
  });
  const id = `amend-${stat.id}`;
  const onSubmit = handleSubmit((values) =>
    amend.mutate(
      { statId: stat.id, ...values },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Statistic corrected' });
          onDone();
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error) }),
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="mt-2 space-y-2" aria-label="Correct statistic">
      <Field id={`${id}-value`} label="Corrected value" error={errors.value?.message}>
        <Input
          type="number"
          min={0}
          step={0.01}
          {...fieldControlProps(`${id}-value`, errors.value?.message)}
          {...register('value')}
        />
      </Field>
      <Field id={`${id}-reason`} label="Reason" error={errors.reason?.message}>
        <Input
          placeholder="e.g. credited to the wrong player"
          maxLength={500}
          {...fieldControlProps(`${id}-reason`, errors.reason?.message)}
          {...register('reason')}
        />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={amend.isPending}>
          Save Correction
        </Button>
        <Button variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RetractForm({ match, stat, onDone }: { match: Match; stat: Stat; onDone: () => void }) {
  const retract = useRetractStat(match.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = `retract-${stat.id}`;
  return (
    <form
      noValidate
      className="mt-2 space-y-2"
      aria-label="Retract statistic"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) {
          setError('Reason is required');
          return;
        }
        // The row (and this form) goes away with the retracted stat, so the outcome is told from
        // the promise, not from callbacks of an unmounted component.
        retract.mutateAsync({ statId: stat.id, reason: reason.trim() }).then(
          () => toast({ title: 'Success', description: 'Statistic retracted' }),
          (failure: unknown) =>
            toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(failure) }),
        );
      }}
    >
      <Field id={`${id}-reason`} label="Reason" error={error}>
        <Input
          placeholder="e.g. disallowed goal"
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          {...fieldControlProps(`${id}-reason`, error)}
        />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="destructive" disabled={retract.isPending}>
          Retract
        </Button>
        <Button variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
