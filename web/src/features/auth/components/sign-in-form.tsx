import type { loginInputSchema, User } from '@sideline/domain';
import { Clock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import type { useLogin } from '../api.ts';
import { lazyZodResolver } from '../lazy-resolver.ts';
import { applyServerFieldErrors } from './apply-server-errors.ts';
import { PasswordInput } from './password-input.tsx';

type LoginFormInput = z.input<typeof loginInputSchema>;
type LoginFormOutput = z.output<typeof loginInputSchema>;

const validation = lazyZodResolver<LoginFormInput, LoginFormOutput>(
  async () => (await import('@sideline/domain/identity/schemas')).loginInputSchema,
);

interface SignInFormProps {
  login: ReturnType<typeof useLogin>;
  defaultEmail?: string;
  onSuccess: (user: User) => void;
}

export function SignInForm({ login, defaultEmail = '', onSuccess }: SignInFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: validation.resolver,
    defaultValues: { email: defaultEmail, password: '' },
  });
  // Stays busy during the short pause before the redirect, so nothing is submitted twice.
  const busy = login.isPending || login.isSuccess;
  // A 429 (too many failed attempts) stays on the form with its wait: a toast would be gone
  // before the person has read how long to wait.
  const [waitMessage, setWaitMessage] = useState<string | null>(null);

  const onSubmit = handleSubmit((values) => {
    setWaitMessage(null);
    login.mutate(values, {
      onSuccess,
      onError: (error) => {
        if (isApiError(error) && error.status === 429) {
          setWaitMessage(getErrorMessage(error));
          return;
        }
        applyServerFieldErrors(error, ['email', 'password'], setError);
        toast({ variant: 'destructive', title: 'Login failed', description: getErrorMessage(error) });
      },
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void validation.warm()}
      noValidate
      className="space-y-4"
      aria-label="Sign in"
    >
      <Field id="signin-email" label="Email" error={errors.email?.message}>
        <Input
          {...fieldControlProps('signin-email', errors.email?.message)}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          {...register('email')}
        />
      </Field>
      <Field id="signin-password" label="Password" error={errors.password?.message}>
        <PasswordInput
          {...fieldControlProps('signin-password', errors.password?.message)}
          autoComplete="current-password"
          placeholder="Your password"
          {...register('password')}
        />
      </Field>
      {waitMessage ? (
        <div
          role="alert"
          className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <Clock className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
          <div className="space-y-1">
            <p className="font-semibold">Sign-in paused</p>
            <p>{waitMessage}</p>
            <p className="text-amber-900">
              This protects your account from password guessing. A browser you have signed in with before can still sign
              in.
            </p>
          </div>
        </div>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
