import { zodResolver } from '@hookform/resolvers/zod';
import { addPlayerInputSchema, type PlayerAddedResponse, type Team } from '@sideline/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { applyServerFieldErrors } from '../../auth/components/apply-server-errors.ts';
import { InvitationLink } from '../../invitations/components/invitation-link.tsx';
import { useAddPlayer } from '../api.ts';

type FormInput = z.input<typeof addPlayerInputSchema>;
type FormOutput = z.output<typeof addPlayerInputSchema>;
const fieldNames = ['name', 'jerseyNumber', 'parentName', 'parentEmail'] as const;

function AddPlayerForm({
  teamId,
  onAdded,
  onCancel,
}: {
  teamId: string;
  onAdded: (result: PlayerAddedResponse) => void;
  onCancel: () => void;
}) {
  const addPlayer = useAddPlayer(teamId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(addPlayerInputSchema),
    defaultValues: { name: '', jerseyNumber: '', parentName: '', parentEmail: '' },
  });
  const onSubmit = handleSubmit((values) => {
    addPlayer.mutate(values, {
      onSuccess: onAdded,
      onError: (error) => {
        applyServerFieldErrors<FormInput>(error, fieldNames, setError);
        toast({ variant: 'destructive', title: 'Failed to add player', description: 'Please try again' });
      },
    });
  });
  const field = (name: (typeof fieldNames)[number], label: string, extra: Record<string, string> = {}) => {
    const id = `add-player-${name}`;
    const error = errors[name]?.message;
    return (
      <Field id={id} label={label} error={error}>
        <Input {...fieldControlProps(id, error)} {...extra} {...register(name)} />
      </Field>
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {field('name', 'Player Name', { placeholder: 'Alex Morgan', autoComplete: 'off' })}
      {field('jerseyNumber', 'Jersey Number (optional)', { inputMode: 'numeric', placeholder: '10' })}
      <fieldset className="space-y-4 rounded-xl border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-700">Parent (optional)</legend>
        <p className="text-xs text-slate-500">
          With an email, the parent gets an invitation to join and is linked to this player.
        </p>
        {field('parentName', 'Parent Name', { placeholder: 'Sam Morgan', autoComplete: 'off' })}
        {field('parentEmail', 'Parent Email', {
          type: 'email',
          placeholder: 'parent@example.com',
          autoComplete: 'off',
        })}
      </fieldset>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onCancel} disabled={addPlayer.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={addPlayer.isPending}>
          {addPlayer.isPending ? 'Adding...' : 'Add Player'}
        </Button>
      </div>
    </form>
  );
}

/** Add Player (spec §2/§3): a player on the roster, and an invitation for their parent when an email is given. */
export function AddPlayerDialog({
  team,
  open,
  onOpenChange,
}: {
  team: Team;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [added, setAdded] = useState<PlayerAddedResponse | null>(null);
  const change = (next: boolean) => {
    if (!next) setAdded(null);
    onOpenChange(next);
  };
  const onAdded = (result: PlayerAddedResponse) => {
    if (result.invitation) {
      setAdded(result);
      return;
    }
    toast({ title: 'Player added', description: `${result.player.name} is on the ${team.name} roster.` });
    change(false);
  };
  const invitation = added?.invitation;
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{invitation ? 'Player added' : 'Add Player'}</DialogTitle>
          <DialogDescription>
            {invitation
              ? `${added.player.name} is on the roster. ${invitation.inviteeName} can join as their parent with this link.`
              : `Add a player to the ${team.name} roster.`}
          </DialogDescription>
        </DialogHeader>
        {invitation ? (
          <div className="space-y-4">
            <InvitationLink invitation={invitation} emailSent={added.emailSent ?? false} />
            <div className="flex justify-end">
              <Button onClick={() => change(false)}>Done</Button>
            </div>
          </div>
        ) : open ? (
          <AddPlayerForm teamId={team.id} onAdded={onAdded} onCancel={() => change(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
