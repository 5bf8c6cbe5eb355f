import { PASSWORD_MIN_LENGTH, type registerUserInputSchema, type User } from '@sideline/domain';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import type { useRegister } from '../api.ts';
import type { Invitation } from '../invitation.ts';
import { lazyZodResolver } from '../lazy-resolver.ts';
import { applyServerFieldErrors } from './apply-server-errors.ts';
import { PasswordInput } from './password-input.tsx';
import { RoleCards } from './role-cards.tsx';

type RegisterFormInput = z.input<typeof registerUserInputSchema>;
type RegisterFormOutput = z.output<typeof registerUserInputSchema>;

const validation = lazyZodResolver<RegisterFormInput, RegisterFormOutput>(
  async () => (await import('@sideline/domain/identity/schemas')).registerUserInputSchema,
);

export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists';

interface SignUpFormProps {
  registerUser: ReturnType<typeof useRegister>;
  invitation: Invitation | null;
  onSuccess: (user: User) => void;
}

export function SignUpForm({ registerUser, invitation, onSuccess }: SignUpFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: validation.resolver,
    defaultValues: {
      name: invitation?.name ?? '',
      email: invitation?.email ?? '',
      password: '',
      // Spec §4: parent by default; an invitation's role overrides it.
      role: invitation?.role ?? 'parent',
    },
  });
  const busy = registerUser.isPending || registerUser.isSuccess;

  const onSubmit = handleSubmit((values) => {
    registerUser.mutate(values, {
      onSuccess,
      onError: (error) => {
        if (isApiError(error) && error.status === 409) {
          setError('email', { type: 'server', message: DUPLICATE_EMAIL_MESSAGE }, { shouldFocus: true });
        } else {
          applyServerFieldErrors(error, ['name', 'email', 'password', 'role'], setError);
        }
        const description =
          isApiError(error) && error.status === 409 ? DUPLICATE_EMAIL_MESSAGE : getErrorMessage(error);
        toast({ variant: 'destructive', title: 'Registration failed', description });
      },
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void validation.warm()}
      noValidate
      className="space-y-4"
      aria-label="Sign up"
    >
      <Field id="signup-name" label="Full Name" error={errors.name?.message}>
        <Input
          {...fieldControlProps('signup-name', errors.name?.message)}
          autoComplete="name"
          placeholder="Jordan Smith"
          {...register('name')}
        />
      </Field>
      <Field id="signup-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldControlProps('signup-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          {...register('email')}
        />
      </Field>
      <Field id="signup-password" label="Password" error={errors.password?.message}>
        <PasswordInput
          {...fieldControlProps('signup-password', errors.password?.message)}
          autoComplete="new-password"
          placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
          {...register('password')}
        />
      </Field>
      <Controller
        control={control}
        name="role"
        render={({ field, fieldState }) => (
          <div>
            <RoleCards value={field.value ?? 'parent'} onChange={field.onChange} disabled={busy} />
            {fieldState.error?.message ? (
              <p className="mt-1.5 text-sm text-red-600" role="alert">
                {fieldState.error.message}
              </p>
            ) : null}
          </div>
        )}
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
