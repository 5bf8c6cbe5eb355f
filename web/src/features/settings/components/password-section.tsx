import { PASSWORD_MIN_LENGTH, type changePasswordInputSchema } from '@sideline/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../auth/components/apply-server-errors.ts';
import { PasswordInput } from '../../auth/components/password-input.tsx';
import { lazyZodResolver } from '../../auth/lazy-resolver.ts';
import { useChangePassword } from '../api.ts';

type PasswordFormInput = z.input<typeof changePasswordInputSchema>;
type PasswordFormOutput = z.output<typeof changePasswordInputSchema>;

const validation = lazyZodResolver<PasswordFormInput, PasswordFormOutput>(
  async () => (await import('@sideline/domain/identity/settings')).changePasswordInputSchema,
);

export function signedOutText(count: number): string {
  if (count === 0) return 'No other device was signed in.';
  return count === 1 ? 'Your other signed-in device was signed out.' : `${count} other devices were signed out.`;
}

/** Change the password with the current one; every other session ends (the server does it). */
export function PasswordSection() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordFormInput, unknown, PasswordFormOutput>({
    resolver: validation.resolver,
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = handleSubmit((values) => {
    change.mutate(values, {
      onSuccess: ({ sessionsEnded }) => {
        reset();
        toast({ title: 'Password changed', description: signedOutText(sessionsEnded) });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, ['currentPassword', 'newPassword'], setError)) {
          toast({ variant: 'destructive', title: "Couldn't change the password", description: getErrorMessage(error) });
        }
      },
    });
  });

  return (
    <Card className="p-5" role="region" aria-labelledby="settings-password">
      <h2 id="settings-password" className="text-base font-semibold text-slate-900">
        Password
      </h2>
      <p className="mt-0.5 text-sm text-slate-600">Changing it signs you out on every other device.</p>
      <form
        onSubmit={onSubmit}
        onFocus={() => void validation.warm()}
        noValidate
        aria-label="Change password"
        className="mt-4 space-y-4"
      >
        <Field id="settings-current-password" label="Current password" error={errors.currentPassword?.message}>
          <PasswordInput
            {...fieldControlProps('settings-current-password', errors.currentPassword?.message)}
            autoComplete="current-password"
            {...register('currentPassword')}
          />
        </Field>
        <Field id="settings-new-password" label="New password" error={errors.newPassword?.message}>
          <PasswordInput
            {...fieldControlProps('settings-new-password', errors.newPassword?.message)}
            autoComplete="new-password"
            placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
            {...register('newPassword')}
          />
        </Field>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}
