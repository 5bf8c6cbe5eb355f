import { DEFAULT_SPORT, sports, type createTeamInputSchema, type Team } from '@sideline/domain';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../auth/components/apply-server-errors.ts';
import { lazyZodResolver } from '../../auth/lazy-resolver.ts';
import { useCreateTeam } from '../api.ts';

type CreateTeamFormInput = z.input<typeof createTeamInputSchema>;
type CreateTeamFormOutput = z.output<typeof createTeamInputSchema>;

const validation = lazyZodResolver<CreateTeamFormInput, CreateTeamFormOutput>(
  async () => (await import('@sideline/domain/teams/schemas')).createTeamInputSchema,
);

interface CreateTeamFormProps {
  onCreated: (team: Team) => void;
}

/** Team name, sport (default Soccer) and an optional age group; validated with the server's schema. */
export function CreateTeamForm({ onCreated }: CreateTeamFormProps) {
  const createTeam = useCreateTeam();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CreateTeamFormInput, unknown, CreateTeamFormOutput>({
    resolver: validation.resolver,
    defaultValues: { name: '', sport: DEFAULT_SPORT, ageGroup: '' },
  });
  // Stays busy until the page changes, so a team is never created twice.
  const busy = createTeam.isPending || createTeam.isSuccess;

  const onSubmit = handleSubmit(({ name, sport, ageGroup }) => {
    createTeam.mutate(
      { name, sport, ...(ageGroup ? { ageGroup } : {}) },
      {
        onSuccess: onCreated,
        onError: (error) => {
          applyServerFieldErrors(error, ['name', 'sport', 'ageGroup'], setError);
          toast({ variant: 'destructive', title: 'Failed to create team', description: getErrorMessage(error) });
        },
      },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void validation.warm()}
      noValidate
      className="space-y-5"
      aria-label="Create a team"
    >
      <Field id="create-team-name" label="Team name" error={errors.name?.message}>
        <Input
          {...fieldControlProps('create-team-name', errors.name?.message)}
          autoComplete="off"
          placeholder="e.g. Riverside Rockets"
          maxLength={80}
          readOnly={busy}
          {...register('name')}
        />
      </Field>
      <Field id="create-team-sport" label="Sport" error={errors.sport?.message}>
        <NativeSelect
          {...fieldControlProps('create-team-sport', errors.sport?.message)}
          disabled={busy}
          {...register('sport')}
        >
          {sports.map((sport) => (
            <option key={sport} value={sport}>
              {sport}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="create-team-age-group" label="Age group (optional)" error={errors.ageGroup?.message}>
        <Input
          {...fieldControlProps('create-team-age-group', errors.ageGroup?.message)}
          autoComplete="off"
          placeholder="e.g. U14, Open, Adult"
          maxLength={20}
          readOnly={busy}
          {...register('ageGroup')}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Link to={paths.teams} className={buttonClassName('outline', 'lg')}>
          Cancel
        </Link>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Creating team...' : 'Create team'}
        </Button>
      </div>
    </form>
  );
}
