import { zodResolver } from '@hookform/resolvers/zod';
import {
  isSportId,
  OPPONENT_NAME_MAX,
  scheduleMatchInputSchema,
  sportById,
  sportIdOfName,
  sportList,
  type Season,
  type Team,
} from '@sideline/domain';
import { useQuery } from '@tanstack/react-query';
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
import { cn } from '../../../lib/cn.ts';
import { useUser } from '../../auth/api.ts';
import { applyServerFieldErrors } from '../../auth/components/apply-server-errors.ts';
import { teamsQueryOptions } from '../../teams/api.ts';
import { isTeamManager } from '../../teams/team-display.ts';
import { useMatchSeasons, useMatchSeasonTeams, useScheduleMatch } from '../api.ts';

/** A club season's match, or an independent team's (no organization, so no season). */
type MatchKind = 'season' | 'independent';
/** The other side: another team on Sideline, or a club that is not on Sideline (by name). */
type OpponentKind = 'team' | 'opponent';

interface FormValues {
  kind: MatchKind;
  seasonId: string;
  sportId: string;
  teamAId: string;
  opponentKind: OpponentKind;
  teamBId: string;
  opponentName: string;
  /** `datetime-local`: the browser's local time, sent as ISO. */
  startTime: string;
  location: string;
  format: string;
}
type Output = z.output<typeof scheduleMatchInputSchema>;
const FIELDS = [
  'seasonId',
  'sportId',
  'teamAId',
  'teamBId',
  'opponentName',
  'startTime',
  'location',
  'format',
] as const;

/** The form as the API takes it: one kind of opponent, a season only for a season's match. */
function toPayload(raw: unknown) {
  const v = raw as FormValues;
  const local = v.startTime ? new Date(v.startTime) : null;
  return {
    seasonId: v.kind === 'season' ? v.seasonId : '',
    sportId: v.sportId,
    teamAId: v.teamAId,
    teamBId: v.opponentKind === 'team' ? v.teamBId : '',
    opponentName: v.opponentKind === 'opponent' ? v.opponentName : '',
    startTime: local && !Number.isNaN(local.getTime()) ? local.toISOString() : v.startTime,
    location: v.location,
    format: v.format,
  };
}

/** The shared match schemas: a season's match needs its season; an independent team's has none. */
const seasonForm = z.preprocess(toPayload, seasonMatchInputSchema) as unknown as z.ZodType<Output, FormValues>;
const independentForm = z.preprocess(toPayload, scheduleMatchInputSchema) as unknown as z.ZodType<Output, FormValues>;
const resolver: Resolver<FormValues, unknown, Output> = (values, context, options) =>
  (
    zodResolver(values.kind === 'season' ? seasonForm : independentForm) as unknown as Resolver<
      FormValues,
      unknown,
      Output
    >
  )(values, context, options);

const localNow = () => format(new Date(), "yyyy-MM-dd'T'HH:mm");

/**
 * Create Match (spec part 2 §5 match form): against another team on Sideline or a club that is
 * not on Sideline (its name); for a club season (season, its teams) or, for a coach of an
 * independent team (no organization, no seasons), for that team without a season.
 */
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
      <DialogContent width="lg">
        <DialogHeader>
          <DialogTitle>Create Match</DialogTitle>
          <DialogDescription>Against another team on Sideline, or a club that isn't on Sideline.</DialogDescription>
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

/** Two choices side by side, as radio buttons with 44 px labels. */
function Choice<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border px-3 text-center text-sm font-medium',
              value === option.value
                ? 'border-brand-500 bg-brand-50 text-brand-800'
                : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function CreateMatchForm({ onScheduled, onCancel }: { onScheduled: () => void; onCancel: () => void }) {
  const { data: user } = useUser();
  const seasons = useMatchSeasons();
  const teams = useQuery(teamsQueryOptions);
  const schedule = useScheduleMatch();
  // An independent team (no organization) plays without a season; its managers schedule it.
  const independentTeams = useMemo(
    () =>
      (teams.data ?? []).filter(
        (t) => t.orgId === null && user !== undefined && user !== null && isTeamManager(t, user.id),
      ),
    [teams.data, user],
  );
  const hasSeasons = (seasons.data?.length ?? 0) > 0;
  const hasIndependent = independentTeams.length > 0;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<FormValues, unknown, Output>({
    resolver,
    defaultValues: {
      kind: 'season',
      seasonId: '',
      sportId: '',
      teamAId: '',
      opponentKind: 'team',
      teamBId: '',
      opponentName: '',
      startTime: '',
      location: '',
      format: '',
    },
  });
  const kind = useWatch({ control, name: 'kind' });
  const opponentKind = useWatch({ control, name: 'opponentKind' });
  const seasonId = useWatch({ control, name: 'seasonId' });
  const teamAId = useWatch({ control, name: 'teamAId' });

  // Without seasons, a coach of an independent team schedules for that team (no dead end).
  const loaded = seasons.isSuccess && teams.isSuccess;
  useEffect(() => {
    if (!loaded || hasSeasons || !hasIndependent) return;
    setValue('kind', 'independent');
  }, [loaded, hasSeasons, hasIndependent, setValue]);
  // An independent team mostly plays clubs that are not on Sideline; a season's, the season's teams.
  const onlyIndependent = independentTeams.length === 1 ? independentTeams[0]!.id : '';
  useEffect(() => {
    setValue('opponentKind', kind === 'independent' ? 'opponent' : 'team');
    setValue('teamAId', kind === 'independent' ? onlyIndependent : '');
    setValue('teamBId', '');
  }, [kind, onlyIndependent, setValue]);

  const season: Season | undefined = seasons.data?.find((s) => s.id === seasonId);
  const seasonTeams = useMatchSeasonTeams(kind === 'season' ? seasonId : '');
  // The season's sport is the match's sport.
  const seasonSport = useMemo(() => (season && isSportId(season.sportId) ? season.sportId : null), [season]);
  useEffect(() => {
    if (kind !== 'season') return;
    if (seasonSport) setValue('sportId', seasonSport);
    setValue('teamAId', '');
    setValue('teamBId', '');
  }, [kind, seasonId, seasonSport, setValue]);
  // An independent team's sport is the match's sport.
  const teamA: Team | undefined = independentTeams.find((t) => t.id === teamAId);
  useEffect(() => {
    if (kind !== 'independent' || !teamA) return;
    const sport = sportIdOfName(teamA.sport);
    if (sport) setValue('sportId', sport);
  }, [kind, teamA, setValue]);

  // The other side on Sideline: a team of the season, or another independent team of the user's.
  const homeTeams = kind === 'season' ? (seasonTeams.data ?? []) : independentTeams;
  const awayTeams =
    kind === 'season'
      ? (seasonTeams.data ?? [])
      : (teams.data ?? []).filter((t) => t.orgId === null && t.id !== teamAId);

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
  const nothingToSchedule = loaded && !hasSeasons && !hasIndependent;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create match">
      {hasSeasons && hasIndependent ? (
        <Choice<MatchKind>
          legend="Match for"
          name="match-kind"
          value={kind}
          options={[
            { value: 'season', label: 'A club season' },
            { value: 'independent', label: 'My independent team' },
          ]}
          onChange={(next) => setValue('kind', next)}
        />
      ) : null}
      {kind === 'season' ? (
        <>
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
          {nothingToSchedule ? (
            <p className="text-sm text-slate-500">
              Matches are scheduled for a club season or an independent team: an organization admin creates seasons
              under Seasons, and a coach of an independent team schedules its matches here.
            </p>
          ) : null}
        </>
      ) : null}
      <Field id="match-team-a" label="Home team" error={err('teamAId')}>
        <NativeSelect {...fieldControlProps('match-team-a', err('teamAId'))} {...register('teamAId')}>
          <option value="">Select a team</option>
          {homeTeams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
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
      <Choice<OpponentKind>
        legend="Opponent"
        name="opponent-kind"
        value={opponentKind}
        options={[
          { value: 'team', label: 'A team on Sideline' },
          { value: 'opponent', label: 'Not on Sideline' },
        ]}
        onChange={(next) => setValue('opponentKind', next)}
      />
      {opponentKind === 'team' ? (
        <Field id="match-team-b" label="Away team" error={err('teamBId')}>
          <NativeSelect {...fieldControlProps('match-team-b', err('teamBId'))} {...register('teamBId')}>
            <option value="">
              {kind === 'independent' && awayTeams.length === 0
                ? 'None of your other teams is independent'
                : 'Select a team'}
            </option>
            {awayTeams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : (
        <Field id="match-opponent" label="Opponent's name" error={err('opponentName')}>
          <Input
            placeholder="e.g. Eastside FC"
            maxLength={OPPONENT_NAME_MAX}
            autoComplete="off"
            {...fieldControlProps('match-opponent', err('opponentName'))}
            {...register('opponentName')}
          />
        </Field>
      )}
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
