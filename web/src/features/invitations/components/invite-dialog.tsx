import { zodResolver } from '@hookform/resolvers/zod';
import {
  inviteCoachInputSchema,
  invitePlayerInputSchema,
  type InvitationIssuedResponse,
  type InviteInput,
  type Team,
} from '@sideline/domain';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { applyServerFieldErrors } from '../../auth/components/apply-server-errors.ts';
import { useInvite } from '../api.ts';
import { InvitationLink } from './invitation-link.tsx';

/** Spec §8: the toast when an invitation could not be sent. */
export function toastInvitationFailed() {
  toast({ variant: 'destructive', title: 'Failed to send invitation', description: 'Please try again' });
}

const playerForm = invitePlayerInputSchema.omit({ inviteType: true });
const coachForm = inviteCoachInputSchema.omit({ inviteType: true });

interface FieldSpec<T extends FieldValues> {
  name: Path<T>;
  label: string;
  type?: 'email';
  placeholder?: string;
  inputMode?: 'numeric';
}

interface InviteFormProps<S extends typeof playerForm | typeof coachForm> {
  schema: S;
  fields: FieldSpec<z.input<S>>[];
  toInput: (values: z.output<S>) => InviteInput;
  teamId: string;
  submitLabel: string;
  onSent: (result: InvitationIssuedResponse) => void;
  onCancel: () => void;
}

function InviteForm<S extends typeof playerForm | typeof coachForm>({
  schema,
  fields,
  toInput,
  teamId,
  submitLabel,
  onSent,
  onCancel,
}: InviteFormProps<S>) {
  const invite = useInvite(teamId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema) });
  const onSubmit = handleSubmit((values) => {
    invite.mutate(toInput(values), {
      onSuccess: onSent,
      onError: (error) => {
        applyServerFieldErrors<z.input<S>>(
          error,
          fields.map((f) => f.name),
          setError,
        );
        toastInvitationFailed();
      },
    });
  });
  const message = (name: string) => (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {fields.map((f) => {
        const id = `invite-${f.name}`;
        return (
          <Field key={f.name} id={id} label={f.label} error={message(f.name)}>
            <Input
              {...fieldControlProps(id, message(f.name))}
              type={f.type ?? 'text'}
              placeholder={f.placeholder}
              inputMode={f.inputMode}
              {...register(f.name)}
            />
          </Field>
        );
      })}
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onCancel} disabled={invite.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

interface InviteDialogProps {
  team: Team;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The dialog's two steps: the form, then the link of the invitation just sent. */
function InviteDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: InviteDialogProps & {
  title: string;
  description: string;
  children: (onSent: (result: InvitationIssuedResponse) => void, close: () => void) => ReactNode;
}) {
  const [sent, setSent] = useState<InvitationIssuedResponse | null>(null);
  const change = (next: boolean) => {
    if (!next) setSent(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{sent ? 'Invitation sent' : title}</DialogTitle>
          <DialogDescription>
            {sent ? `${sent.invitation.inviteeName} can join with this link.` : description}
          </DialogDescription>
        </DialogHeader>
        {sent ? (
          <div className="space-y-4">
            <InvitationLink invitation={sent.invitation} emailSent={sent.emailSent} />
            <div className="flex justify-end">
              <Button onClick={() => change(false)}>Done</Button>
            </div>
          </div>
        ) : open ? (
          children(setSent, () => change(false))
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Invite Player: a new player on the roster, whose own account is linked when they accept. */
export function InvitePlayerDialog(props: InviteDialogProps) {
  return (
    <InviteDialog {...props} title="Invite Player" description={`Invite a player to join ${props.team.name} by email.`}>
      {(onSent, close) => (
        <InviteForm
          schema={playerForm}
          fields={[
            { name: 'name', label: 'Player Name', placeholder: 'Alex Morgan' },
            { name: 'email', label: 'Email', type: 'email', placeholder: 'player@example.com' },
            { name: 'jerseyNumber', label: 'Jersey Number (optional)', inputMode: 'numeric', placeholder: '10' },
            { name: 'ageGroup', label: 'Age Group (optional)', placeholder: 'U14' },
          ]}
          toInput={(v) => ({ inviteType: 'player', ...v })}
          teamId={props.team.id}
          submitLabel="Send Invitation"
          onSent={onSent}
          onCancel={close}
        />
      )}
    </InviteDialog>
  );
}

/** Invite Coach: accepting makes them a coach who manages the team. */
export function InviteCoachDialog(props: InviteDialogProps) {
  return (
    <InviteDialog {...props} title="Invite Coach" description={`Invite a coach to help manage ${props.team.name}.`}>
      {(onSent, close) => (
        <InviteForm
          schema={coachForm}
          fields={[
            { name: 'name', label: 'Coach Name', placeholder: 'Jordan Lee' },
            { name: 'email', label: 'Email', type: 'email', placeholder: 'coach@example.com' },
            { name: 'specialization', label: 'Specialization (optional)', placeholder: 'Goalkeepers' },
          ]}
          toInput={(v) => ({ inviteType: 'coach', ...v })}
          teamId={props.team.id}
          submitLabel="Send Invitation"
          onSent={onSent}
          onCancel={close}
        />
      )}
    </InviteDialog>
  );
}
