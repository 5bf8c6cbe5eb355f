import { zodResolver } from '@hookform/resolvers/zod';
import { isSportId, scheduleMatchInputSchema, sportById, sportList, type Season } from '@sideline/domain';
import { format } from 'date-fns';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
// An organization team's form: its season is required.
import { seasonMatchInputSchema } from '@sideline/domain';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../auth/components/apply-server-errors.ts';
import { useMatchSeasons, useMatchSeasonTeams, useScheduleMatch } from '../api.ts';

interface FormValues {
  seasonId: string;
  sportId: string;
  teamAId: string;
  teamBId: string;
  /** `datetime-local`: the browser's local time, sent as ISO. */
  startTime: string;
  location: string;
  format: string;
}
type Output = z.output<typeof scheduleMatchInputSchema>;
const FIELDS = ['seasonId', 'sportId', 'teamAId', 'teamBId', 'startTime', 'location', 'format'] as const;

/** The shared match form schema, after the local date-time is read as an instant. */
const formSchema = z.preprocess((raw) => {
  const v = raw as FormValues;
  const local = v.startTime ? new Date(v.startTime) : null;
  return { ...v, startTime: local && !Number.isNaN(local.getTime()) ? local.toISOString() : v.startTime };
}, seasonMatchInputSchema);

const localNow = () => format(new Date(), "yyyy-MM-dd'T'HH:mm");

/** Create Match (spec part 2 §5 match form): season, sport, the two teams, start time, location, format. */
export function CreateMatchDialog({
  open,
  onOpenChange,
  onScheduled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What else must refresh once a match is scheduled (the admin portal's lists). */
  onScheduled?: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Create Match</DialogTitle>
          <DialogDescription>Schedule a match between two teams of a season.</DialogDescription>
        </DialogHeader>
        {open ? (
          <CreateMatchForm
            onScheduled={() => {
              onScheduled?.();
              onOpenChange(false);
            }}
            onCancel={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateMatchForm({ onScheduled, onCancel }: { onScheduled: () => void; onCancel: () => void }) {
  const seasons = useMatchSeasons();
  const schedule = useScheduleMatch();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<FormValues, unknown, Output>({
    resolver: zodResolver(formSchema as unknown as z.ZodType<Output, FormValues>) as unknown as Resolver<
      FormValues,
      unknown,
      Output
    >,
    defaultValues: { seasonId: '', sportId: '', teamAId: '', teamBId: '', startTime: '', location: '', format: '' },
  });
  const seasonId = useWatch({ control, name: 'seasonId' });
  const season: Season | undefined = seasons.data?.find((s) => s.id === seasonId);
  const teams = useMatchSeasonTeams(seasonId);
  // The season's sport is the match's sport.
  const seasonSport = useMemo(() => (season && isSportId(season.sportId) ? season.sportId : null), [season]);
  useEffect(() => {
    if (seasonSport) setValue('sportId', seasonSport);
    setValue('teamAId', '');
    setValue('teamBId', '');
  }, [seasonId, seasonSport, setValue]);

  const onSubmit = handleSubmit((values) =>
    schedule.mutate(values, {
      onSuccess: (match) => {
        toast({
          title: 'Match scheduled',
          description: `${sportById(match.sportId).name} match: ${match.teamA.name} vs ${match.teamB.name}.`,
        });
        onScheduled();
      },
      onError: (error) => {
        applyServerFieldErrors(error, FIELDS, setError);
        toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error) });
      },
    }),
  );
  const err = (name: keyof FormValues) => errors[name]?.message;
  const noSeasons = seasons.isSuccess && seasons.data.length === 0;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create match">
      <Field id="match-season" label="Season" error={err('seasonId')}>
        <NativeSelect {...fieldControlProps('match-season', err('seasonId'))} {...register('seasonId')}>
          <option value="">{seasons.isPending ? 'Loading seasons...' : 'Select a season'}</option>
          {seasons.data?.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.sport})
            </option>
          ))}
        </NativeSelect>
      </Field>
      {noSeasons ? (
        <p className="text-sm text-slate-500">
          Your organization has no seasons yet: an admin creates them under Seasons.
        </p>
      ) : null}
      <Field id="match-sport" label="Sport" error={err('sportId')}>
        <NativeSelect {...fieldControlProps('match-sport', err('sportId'))} {...register('sportId')}>
          <option value="">Select a sport</option>
          {sportList.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="match-team-a" label="Home team" error={err('teamAId')}>
          <NativeSelect {...fieldControlProps('match-team-a', err('teamAId'))} {...register('teamAId')}>
            <option value="">Select a team</option>
            {teams.data?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="match-team-b" label="Away team" error={err('teamBId')}>
          <NativeSelect {...fieldControlProps('match-team-b', err('teamBId'))} {...register('teamBId')}>
            <option value="">Select a team</option>
            {teams.data?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field id="match-start" label="Start time" error={err('startTime')}>
        <Input
          type="datetime-local"
          min={localNow()}
          {...fieldControlProps('match-start', err('startTime'))}
          {...register('startTime')}
        />
      </Field>
      <Field id="match-location" label="Location (optional)" error={err('location')}>
        <Input
          placeholder="e.g. Riverside Field 1"
          maxLength={200}
          {...fieldControlProps('match-location', err('location'))}
          {...register('location')}
        />
      </Field>
      <Field id="match-format" label="Format (optional)" error={err('format')}>
        <Input
          placeholder="e.g. 2 x 30 minutes"
          maxLength={100}
          {...fieldControlProps('match-format', err('format'))}
          {...register('format')}
        />
      </Field>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onCancel} disabled={schedule.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={schedule.isPending}>
          {schedule.isPending ? 'Creating...' : 'Create Match'}
        </Button>
      </div>
    </form>
  );
}
