import { zodResolver } from '@hookform/resolvers/zod';
import { createSeasonTeamInputSchema, generateTeamCode, type Season } from '@sideline/domain';
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
import { useOrgMembers } from '../../orgs/api.ts';
import { useCreateSeasonTeam } from '../api.ts';

type FormInput = z.input<typeof createSeasonTeamInputSchema>;
type FormOutput = z.output<typeof createSeasonTeamInputSchema>;

interface AddSeasonTeamDialogProps {
  season: Season;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Add Team (spec part 2 §5): name, a code of at least 3 characters, age group, a coach from the organization. */
export function AddSeasonTeamDialog({ season, open, onOpenChange }: AddSeasonTeamDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Team</DialogTitle>
          <DialogDescription>
            A {season.sport} team in {season.name}. Share its code so players and parents can join.
          </DialogDescription>
        </DialogHeader>
        {open ? <AddSeasonTeamForm season={season} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddSeasonTeamForm({ season, onDone }: { season: Season; onDone: () => void }) {
  const members = useOrgMembers(season.orgId);
  const create = useCreateSeasonTeam(season.orgId, season.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createSeasonTeamInputSchema),
    defaultValues: {
      name: '',
      code: generateTeamCode((n) => crypto.getRandomValues(new Uint8Array(n))),
      ageGroup: '',
      coachId: '',
    },
  });
  const onSubmit = handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: (team) => {
        toast({ title: 'Team created', description: `${team.name} joins with the code ${team.code ?? values.code}.` });
        onDone();
      },
      onError: (error) => {
        applyServerFieldErrors(error, ['name', 'code', 'ageGroup', 'coachId'], setError);
        toast({ variant: 'destructive', title: 'Failed to create team', description: getErrorMessage(error) });
      },
    });
  });
  const err = (name: keyof FormInput) => errors[name]?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Add team">
      <Field id="season-team-name" label="Team name" error={err('name')}>
        <Input
          {...fieldControlProps('season-team-name', err('name'))}
          placeholder="e.g. U12 Tigers"
          maxLength={80}
          {...register('name')}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="season-team-code" label="Team code" error={err('code')}>
          <Input
            {...fieldControlProps('season-team-code', err('code'))}
            autoComplete="off"
            maxLength={12}
            className="font-mono uppercase"
            {...register('code')}
          />
        </Field>
        <Field id="season-team-age" label="Age group (optional)" error={err('ageGroup')}>
          <Input
            {...fieldControlProps('season-team-age', err('ageGroup'))}
            placeholder="e.g. U14"
            maxLength={20}
            {...register('ageGroup')}
          />
        </Field>
      </div>
      <Field id="season-team-coach" label="Coach" error={err('coachId')}>
        <NativeSelect
          {...fieldControlProps('season-team-coach', err('coachId'))}
          disabled={members.isPending}
          {...register('coachId')}
        >
          <option value="">{members.isPending ? 'Loading members...' : 'Select a coach'}</option>
          {members.data?.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add Team'}
        </Button>
      </div>
    </form>
  );
}
