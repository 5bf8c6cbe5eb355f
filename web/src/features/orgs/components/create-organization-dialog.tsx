import { zodResolver } from '@hookform/resolvers/zod';
import { createOrganizationInputSchema, sports } from '@sideline/domain';
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
import { useCreateOrganization } from '../api.ts';
import { browserTimeZone, timeZoneOptions } from '../lib/time-zones.ts';

type FormInput = z.input<typeof createOrganizationInputSchema>;
type FormOutput = z.output<typeof createOrganizationInputSchema>;

interface CreateOrganizationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Start an organization (any signed-in user): name, description, time zone, default sport. */
export function CreateOrganizationDialog({ open, onOpenChange }: CreateOrganizationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Start an organization</DialogTitle>
          <DialogDescription>Run a club with several teams and seasons. You will be its admin.</DialogDescription>
        </DialogHeader>
        {open ? <CreateOrganizationForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateOrganizationForm({ onDone }: { onDone: () => void }) {
  const create = useCreateOrganization();
  const zone = browserTimeZone();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createOrganizationInputSchema),
    defaultValues: { name: '', description: '', timezone: zone, defaultSport: 'Soccer' },
  });
  const onSubmit = handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: (organization) => {
        toast({ title: 'Organization created', description: `${organization.name} is ready. Add a season next.` });
        onDone();
      },
      onError: (error) => {
        applyServerFieldErrors(error, ['name', 'description', 'timezone', 'defaultSport'], setError);
        toast({ variant: 'destructive', title: 'Failed to create organization', description: getErrorMessage(error) });
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Start an organization">
      <Field id="org-name" label="Organization name" error={errors.name?.message}>
        <Input
          {...fieldControlProps('org-name', errors.name?.message)}
          placeholder="e.g. Riverside FC"
          maxLength={100}
          {...register('name')}
        />
      </Field>
      <Field id="org-description" label="Description (optional)" error={errors.description?.message}>
        <Input id="org-description" maxLength={500} {...register('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="org-sport" label="Default sport">
          <NativeSelect id="org-sport" {...register('defaultSport')}>
            {sports.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="org-timezone" label="Time zone" error={errors.timezone?.message}>
          <NativeSelect {...fieldControlProps('org-timezone', errors.timezone?.message)} {...register('timezone')}>
            {timeZoneOptions(zone).map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create organization'}
        </Button>
      </div>
    </form>
  );
}
