import { zodResolver } from '@hookform/resolvers/zod';
import { scheduleMatchInputSchema, sportIdOfName, type Match } from '@sideline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { api, getErrorMessage } from '../../../lib/api-client.ts';
import { adminApiPaths } from '../query-keys.ts';
import { applyServerFieldErrors } from '../../auth/components/apply-server-errors.ts';
import { useOrgSeasons, useSeasonTeams } from '../../seasons/api.ts';
import { invalidateAdmin } from '../api.ts';

type FormInput = z.input<typeof scheduleMatchInputSchema>;
type FormOutput = z.output<typeof scheduleMatchInputSchema>;
const FIELDS = ['seasonId', 'sportId', 'teamAId', 'teamBId', 'startTime', 'location', 'format'] as const;

/** POST /api/matches (spec part 2 §5 match form): a scheduled match between two teams of a season. */
function useScheduleMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FormOutput) => api.post<Match>(adminApiPaths.matches, { ...input, status: 'scheduled' }),
    onSuccess: () => invalidateAdmin(queryClient),
  });
}

interface CreateMatchDialogProps {
  orgId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create Match (spec part 2 §2, §5): season, two of its teams, start time, location, format. */
export function CreateMatchDialog({ orgId, open, onOpenChange }: CreateMatchDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Create Match</DialogTitle>
          <DialogDescription>Schedule a match between two teams of a season.</DialogDescription>
        </DialogHeader>
        {open ? <CreateMatchForm orgId={orgId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateMatchForm({ orgId, onDone }: { orgId: string; onDone: () => void }) {
  const seasons = useOrgSeasons(orgId);
  const schedule = useScheduleMatch();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(scheduleMatchInputSchema),
    defaultValues: { seasonId: '', sportId: '', teamAId: '', teamBId: '', startTime: '', location: '', format: '' },
  });
  const seasonId = watch('seasonId');
  const teams = useSeasonTeams(seasonId, { enabled: Boolean(seasonId) });
  const onSubmit = handleSubmit((values) => {
    schedule.mutate(values, {
      onSuccess: (match) => {
        toast({ title: 'Match created', description: `${match.teamA.name} vs ${match.teamB.name} is scheduled.` });
        onDone();
      },
      onError: (error) => {
        applyServerFieldErrors(error, [...FIELDS], setError);
        toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error) });
      },
    });
  });
  const err = (name: (typeof FIELDS)[number]) => errors[name]?.message;
  const seasonField = register('seasonId');
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create match">
      <Field id="match-season" label="Season" error={err('seasonId') ?? err('sportId')}>
        <NativeSelect
          {...fieldControlProps('match-season', err('seasonId'))}
          disabled={seasons.isPending}
          {...seasonField}
          onChange={(event) => {
            void seasonField.onChange(event);
            const season = seasons.data?.find((s) => s.id === event.target.value);
            // The match plays the season's sport.
            setValue('sportId', season ? (sportIdOfName(season.sport) ?? '') : '');
            setValue('teamAId', '');
            setValue('teamBId', '');
          }}
        >
          <option value="">{seasons.isPending ? 'Loading seasons...' : 'Select a season'}</option>
          {seasons.data?.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.sport})
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['teamAId', 'teamBId'] as const).map((name) => (
          <Field
            key={name}
            id={`match-${name}`}
            label={name === 'teamAId' ? 'Home team' : 'Away team'}
            error={err(name)}
          >
            <NativeSelect
              {...fieldControlProps(`match-${name}`, err(name))}
              disabled={!seasonId || teams.isPending}
              {...register(name)}
            >
              <option value="">{seasonId ? 'Select a team' : 'Choose a season first'}</option>
              {teams.data?.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
        ))}
      </div>
      <Field id="match-start" label="Start time" error={err('startTime')}>
        <Input
          {...fieldControlProps('match-start', err('startTime'))}
          type="datetime-local"
          min={format(new Date(), "yyyy-MM-dd'T'HH:mm")}
          {...register('startTime', {
            setValueAs: (v: string) => (v ? new Date(v).toISOString() : ''),
          })}
        />
      </Field>
      <Field id="match-location" label="Location (optional)" error={err('location')}>
        <Input {...fieldControlProps('match-location', err('location'))} maxLength={200} {...register('location')} />
      </Field>
      <Field id="match-format" label="Format (optional)" error={err('format')}>
        <Input
          {...fieldControlProps('match-format', err('format'))}
          placeholder="e.g. 2 x 25 min"
          maxLength={100}
          {...register('format')}
        />
      </Field>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onDone} disabled={schedule.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={schedule.isPending}>
          {schedule.isPending ? 'Creating...' : 'Create Match'}
        </Button>
      </div>
    </form>
  );
}
