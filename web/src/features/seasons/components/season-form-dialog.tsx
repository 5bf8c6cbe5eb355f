import { zodResolver } from '@hookform/resolvers/zod';
import { isSportId, seasonInputSchema, sportList, type Season } from '@sideline/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../auth/components/apply-server-errors.ts';
import { useCreateSeason, useUpdateSeason } from '../api.ts';
import { choiceInputClassName, choiceLabelClassName } from '../../../components/ui/label.tsx';

type FormInput = z.input<typeof seasonInputSchema>;
type FormOutput = z.output<typeof seasonInputSchema>;
const FIELDS = ['name', 'sportId', 'startDate', 'endDate', 'isActive'] as const;

interface SeasonFormDialogProps {
  orgId: string;
  /** The season to edit; absent to create one. */
  season?: Season | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create Season / Edit Season (spec part 2 §5 messages, §8 toasts). */
export function SeasonFormDialog({ orgId, season, open, onOpenChange }: SeasonFormDialogProps) {
  const editing = Boolean(season);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Season' : 'Create Season'}</DialogTitle>
          <DialogDescription>A season groups your teams for one sport between two dates.</DialogDescription>
        </DialogHeader>
        {open ? (
          <SeasonForm
            key={season?.id ?? 'new'}
            orgId={orgId}
            season={season ?? null}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function SeasonForm({ orgId, season, onDone }: { orgId: string; season: Season | null; onDone: () => void }) {
  const create = useCreateSeason(orgId);
  const update = useUpdateSeason(orgId);
  const pending = create.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(seasonInputSchema),
    defaultValues: season
      ? {
          name: season.name,
          // A season of a sport the catalogue does not know asks for one.
          sportId: isSportId(season.sportId) ? season.sportId : '',
          startDate: season.startDate,
          endDate: season.endDate,
          isActive: season.isActive,
        }
      : { name: '', sportId: '', startDate: '', endDate: '', isActive: true },
  });
  const failed = (title: string) => (error: unknown) => {
    applyServerFieldErrors(error, FIELDS, setError);
    toast({ variant: 'destructive', title, description: getErrorMessage(error) });
  };
  const onSubmit = handleSubmit((values) => {
    if (!orgId) {
      toast({ variant: 'destructive', title: 'No organization found' });
      return;
    }
    if (season) {
      update.mutate(
        { seasonId: season.id, ...values },
        {
          onSuccess: (saved) => {
            toast({ title: 'Season updated', description: `${saved.name} is saved.` });
            onDone();
          },
          onError: failed('Failed to update season'),
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: (saved) => {
          toast({ title: 'Season created', description: `${saved.name} is ready for teams.` });
          onDone();
        },
        onError: failed('Failed to create season'),
      });
    }
  });
  const err = (name: keyof FormInput) => errors[name]?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={season ? 'Edit season' : 'Create season'}>
      <Field id="season-name" label="Season name" error={err('name')}>
        <Input
          {...fieldControlProps('season-name', err('name'))}
          placeholder="e.g. Spring 2026"
          maxLength={80}
          {...register('name')}
        />
      </Field>
      <Field id="season-sport" label="Sport" error={err('sportId')}>
        <NativeSelect {...fieldControlProps('season-sport', err('sportId'))} {...register('sportId')}>
          <option value="">Select a sport</option>
          {sportList.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="season-start" label="Start date" error={err('startDate')}>
          <Input type="date" {...fieldControlProps('season-start', err('startDate'))} {...register('startDate')} />
        </Field>
        <Field id="season-end" label="End date" error={err('endDate')}>
          <Input type="date" {...fieldControlProps('season-end', err('endDate'))} {...register('endDate')} />
        </Field>
      </div>
      <label className={choiceLabelClassName}>
        <input type="checkbox" className={choiceInputClassName} {...register('isActive')} />
        Active season
      </label>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving...' : season ? 'Save Changes' : 'Create Season'}
        </Button>
      </div>
    </form>
  );
}
