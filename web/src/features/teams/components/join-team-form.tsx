import type { joinTeamInputSchema, Team } from '@sideline/domain';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { teamPath } from '../../../config/paths.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { lazyZodResolver } from '../../auth/lazy-resolver.ts';
import { useJoinTeam } from '../api.ts';

type JoinFormInput = z.input<typeof joinTeamInputSchema>;
type JoinFormOutput = z.output<typeof joinTeamInputSchema>;

const validation = lazyZodResolver<JoinFormInput, JoinFormOutput>(
  async () => (await import('@sideline/domain/teams/schemas')).joinTeamInputSchema,
);

/** The message to show under the code field for a failed join, if the failure is about the code. */
export function joinCodeError(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const fieldMessage = error.fieldErrors.code?.[0];
  if (fieldMessage) return fieldMessage;
  if (error.status === 404) return 'No team has that code. Check it with your coach.';
  if (error.status === 429) return error.serverMessage ?? 'Too many attempts. Please wait a few minutes and try again.';
  return undefined;
}

export const JOIN_CODE_HINT = "Ask your coach for the team's code.";

interface JoinTeamFormProps {
  className?: string;
  /** The line under the field; null shows none (when the page around it already says it). */
  hint?: string | null;
  /** Called after a successful join; by default the form toasts and opens the team's page. */
  onJoined?: (team: Team) => void;
}

/**
 * "Join a team" with the code a coach shared: label 'Team code', button 'Join team'. An unknown
 * code shows its message under the field; other failures toast.
 */
export function JoinTeamForm({ className, hint = JOIN_CODE_HINT, onJoined }: JoinTeamFormProps) {
  const id = useId();
  const inputId = `${id}-code`;
  const joinTeam = useJoinTeam();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<JoinFormInput, unknown, JoinFormOutput>({
    resolver: validation.resolver,
    defaultValues: { code: '' },
  });
  const busy = joinTeam.isPending;

  const onSubmit = handleSubmit((values) => {
    joinTeam.mutate(values, {
      onSuccess: ({ team, alreadyMember }) => {
        reset();
        if (onJoined) {
          onJoined(team);
          return;
        }
        toast(
          alreadyMember
            ? { title: `You're already in ${team.name}`, description: 'Here is the team.' }
            : { title: `Welcome to ${team.name}!`, description: "You're now a member of the team." },
        );
        navigate(teamPath(team.id));
      },
      onError: (error) => {
        const message = joinCodeError(error);
        if (message) {
          setError('code', { type: 'server', message }, { shouldFocus: true });
          return;
        }
        toast({ variant: 'destructive', title: "Couldn't join the team", description: getErrorMessage(error) });
      },
    });
  });

  const error = errors.code?.message;
  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void validation.warm()}
      noValidate
      aria-label="Join a team"
      className={cn('space-y-1.5', className)}
    >
      <Label htmlFor={inputId}>Team code</Label>
      <div className="flex gap-2">
        <Input
          {...fieldControlProps(inputId, error)}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={12}
          placeholder="e.g. ABC234"
          className="font-mono tracking-widest uppercase placeholder:font-sans placeholder:tracking-normal placeholder:normal-case"
          readOnly={busy}
          {...register('code')}
        />
        <Button type="submit" disabled={busy} className="h-11">
          {busy ? 'Joining...' : 'Join team'}
        </Button>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-slate-600">{hint}</p>
      ) : null}
    </form>
  );
}
