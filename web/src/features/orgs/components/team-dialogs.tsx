import { zodResolver } from '@hookform/resolvers/zod';
import { createOrgTeamInputSchema, DEFAULT_SPORT, sports, updateTeamInputSchema, type OrgTeam } from '@sideline/domain';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../auth/components/apply-server-errors.ts';
import { useOrgSeasons } from '../../seasons/api.ts';
import { useCreateOrgTeam, useUpdateTeam } from '../api.ts';
import { timeZoneOptions } from '../lib/time-zones.ts';

interface CreateTeamDialogProps {
  orgId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create Team (spec part 2 §2, §5): a season, a name and an optional age group; sport from the season. */
export function CreateOrgTeamDialog({ orgId, open, onOpenChange }: CreateTeamDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Team</DialogTitle>
          <DialogDescription>The team plays the season's sport and gets a join code.</DialogDescription>
        </DialogHeader>
        {open ? <CreateOrgTeamForm orgId={orgId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

interface CreateTeamValues {
  seasonId: string;
  name: string;
  ageGroup: string;
}

function CreateOrgTeamForm({ orgId, onDone }: { orgId: string; onDone: () => void }) {
  const seasons = useOrgSeasons(orgId);
  const create = useCreateOrgTeam(orgId);
  const { register, handleSubmit, watch, reset, setError, formState } = useForm<CreateTeamValues>({
    defaultValues: { seasonId: '', name: '', ageGroup: '' },
  });
  const season = seasons.data?.find((s) => s.id === watch('seasonId'));
  const onSubmit = handleSubmit((values) => {
    if (!values.seasonId || !values.name.trim()) {
      toast({
        variant: 'destructive',
        title: 'Missing required fields',
        description: 'Please select a season and enter a team name',
      });
      return;
    }
    const parsed = createOrgTeamInputSchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        setError(issue.path[0] as keyof CreateTeamValues, { message: issue.message });
      }
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (team) => {
        toast({ title: 'Team created', description: `${team.name} can join with the code ${team.code ?? ''}.` });
        reset();
        onDone();
      },
      onError: (error) => {
        applyServerFieldErrors(error, ['seasonId', 'name', 'ageGroup'], setError);
        toast({ variant: 'destructive', title: 'Failed to create team', description: getErrorMessage(error) });
      },
    });
  });
  const errors = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create team">
      <Field id="org-team-season" label="Season" error={errors.seasonId?.message}>
        <NativeSelect
          {...fieldControlProps('org-team-season', errors.seasonId?.message)}
          disabled={seasons.isPending}
          {...register('seasonId')}
        >
          <option value="">{seasons.isPending ? 'Loading seasons...' : 'Select a season'}</option>
          {seasons.data?.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.sport})
            </option>
          ))}
        </NativeSelect>
      </Field>
      {seasons.isSuccess && seasons.data.length === 0 ? (
        <p className="text-sm text-slate-500">
          No seasons yet.{' '}
          <Link to={paths.seasons} className="font-medium text-brand-700 underline">
            Create a season
          </Link>{' '}
          first.
        </p>
      ) : null}
      <p className="text-sm text-slate-600" data-testid="team-sport">
        Sport: <span className="font-medium text-slate-900">{season?.sport ?? DEFAULT_SPORT}</span>
        {season ? ' (from the season)' : null}
      </p>
      <Field id="org-team-name" label="Team name" error={errors.name?.message}>
        <Input
          {...fieldControlProps('org-team-name', errors.name?.message)}
          placeholder="e.g. U12 Tigers"
          maxLength={80}
          {...register('name')}
        />
      </Field>
      <Field id="org-team-age" label="Age group (optional)" error={errors.ageGroup?.message}>
        <Input
          {...fieldControlProps('org-team-age', errors.ageGroup?.message)}
          placeholder="e.g. U14, Open, Adult"
          maxLength={20}
          {...register('ageGroup')}
        />
      </Field>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Team'}
        </Button>
      </div>
    </form>
  );
}

type EditInput = z.input<typeof updateTeamInputSchema>;
type EditOutput = z.output<typeof updateTeamInputSchema>;

interface EditTeamDialogProps {
  orgId: string;
  /** The team being edited; null closes the dialog. */
  team: OrgTeam | null;
  onClose: () => void;
}

/** Edit Team (spec part 2 §4): opens with the selected team; on success closes and clears it. */
export function EditOrgTeamDialog({ orgId, team, onClose }: EditTeamDialogProps) {
  return (
    <Dialog open={team !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Team</DialogTitle>
          <DialogDescription>Change the team's name, sport or age group.</DialogDescription>
        </DialogHeader>
        {team ? <EditOrgTeamForm key={team.id} orgId={orgId} team={team} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditOrgTeamForm({ orgId, team, onDone }: { orgId: string; team: OrgTeam; onDone: () => void }) {
  const update = useUpdateTeam(orgId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditInput, unknown, EditOutput>({
    resolver: zodResolver(updateTeamInputSchema),
    defaultValues: {
      name: team.name,
      sport: (sports as readonly string[]).includes(team.sport ?? '')
        ? (team.sport as EditInput['sport'])
        : DEFAULT_SPORT,
      ageGroup: team.ageGroup ?? '',
      timeZone: team.timeZone ?? '',
    },
  });
  const onSubmit = handleSubmit((values) => {
    update.mutate(
      { teamId: team.id, ...values },
      {
        onSuccess: (saved) => {
          toast({ title: 'Team updated', description: `${saved.name} is saved.` });
          onDone();
        },
        onError: (error) => {
          applyServerFieldErrors(error, ['name', 'sport', 'ageGroup', 'timeZone'], setError);
          toast({ variant: 'destructive', title: 'Failed to update team', description: getErrorMessage(error) });
        },
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Edit team">
      <Field id="edit-team-name" label="Team name" error={errors.name?.message}>
        <Input {...fieldControlProps('edit-team-name', errors.name?.message)} maxLength={80} {...register('name')} />
      </Field>
      <Field id="edit-team-sport" label="Sport" error={errors.sport?.message}>
        <NativeSelect {...fieldControlProps('edit-team-sport', errors.sport?.message)} {...register('sport')}>
          {sports.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="edit-team-age" label="Age group (optional)" error={errors.ageGroup?.message}>
        <Input
          {...fieldControlProps('edit-team-age', errors.ageGroup?.message)}
          placeholder="e.g. U14, Open, Adult"
          maxLength={20}
          {...register('ageGroup')}
        />
      </Field>
      <Field id="edit-team-zone" label="Time zone for events" error={errors.timeZone?.message}>
        <NativeSelect {...fieldControlProps('edit-team-zone', errors.timeZone?.message)} {...register('timeZone')}>
          <option value="">Organization's time zone</option>
          {timeZoneOptions(team.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
