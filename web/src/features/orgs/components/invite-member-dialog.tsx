import { zodResolver } from '@hookform/resolvers/zod';
import type { OrgTeam } from '@sideline/domain';
import { format } from 'date-fns';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { applyServerFieldErrors } from '../../auth/components/apply-server-errors.ts';
import { useInviteMember, type InvitationCreated } from '../api.ts';
import { inviteMemberFormSchema, type InviteMemberFormInput, type InviteMemberFormValues } from '../lib/invite-form.ts';

interface InviteMemberDialogProps {
  orgId: string;
  teams: readonly OrgTeam[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Invite Member: pick a team of the organization and a role, name and email; the invitation is
 * emailed, and its link is shown once here with a copy button so it can be shared by hand.
 */
export function InviteMemberDialog({ orgId, teams, open, onOpenChange }: InviteMemberDialogProps) {
  const [sent, setSent] = useState<{ invitation: InvitationCreated['invitation']; email: string } | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setSent(null);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite Member</DialogTitle>
          <DialogDescription>
            {sent ? `We emailed the invitation to ${sent.email}.` : 'Invite a coach or a player to one of your teams.'}
          </DialogDescription>
        </DialogHeader>
        {!open ? null : sent ? (
          <InvitationLink invitation={sent.invitation} onAnother={() => setSent(null)} onDone={() => close(false)} />
        ) : teams.length === 0 ? (
          <p className="text-sm text-slate-500">Create a team first: invitations are to a team.</p>
        ) : (
          <InviteMemberForm
            orgId={orgId}
            teams={teams}
            onSent={(invitation, email) => setSent({ invitation, email })}
            onCancel={() => close(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function InviteMemberForm({
  orgId,
  teams,
  onSent,
  onCancel,
}: {
  orgId: string;
  teams: readonly OrgTeam[];
  onSent: (invitation: InvitationCreated['invitation'], email: string) => void;
  onCancel: () => void;
}) {
  const invite = useInviteMember(orgId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<InviteMemberFormInput, unknown, InviteMemberFormValues>({
    resolver: zodResolver(inviteMemberFormSchema),
    defaultValues: { teamId: teams[0]?.id ?? '', inviteType: 'coach', name: '', email: '' },
  });
  const onSubmit = handleSubmit(({ teamId, inviteType, name, email }) => {
    invite.mutate(
      { teamId, inviteType, name, email },
      {
        onSuccess: (created) => onSent(created.invitation, email),
        onError: (error) => {
          applyServerFieldErrors(error, ['name', 'email', 'inviteType'], setError);
          toast({
            variant: 'destructive',
            title: 'Failed to send invitation',
            description: isApiError(error) && error.serverMessage ? error.serverMessage : 'Please try again',
          });
        },
      },
    );
  });
  const err = (name: keyof InviteMemberFormInput) => errors[name]?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Invite member">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="invite-team" label="Team" error={err('teamId')}>
          <NativeSelect {...fieldControlProps('invite-team', err('teamId'))} {...register('teamId')}>
            {teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="invite-role" label="Role" error={err('inviteType')}>
          <NativeSelect {...fieldControlProps('invite-role', err('inviteType'))} {...register('inviteType')}>
            <option value="coach">Coach</option>
            <option value="player">Player</option>
          </NativeSelect>
        </Field>
      </div>
      <Field id="invite-name" label="Name" error={err('name')}>
        <Input
          {...fieldControlProps('invite-name', err('name'))}
          autoComplete="off"
          maxLength={100}
          {...register('name')}
        />
      </Field>
      <Field id="invite-email" label="Email" error={err('email')}>
        <Input
          {...fieldControlProps('invite-email', err('email'))}
          type="email"
          autoComplete="off"
          maxLength={254}
          {...register('email')}
        />
      </Field>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onCancel} disabled={invite.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send Invitation'}
        </Button>
      </div>
    </form>
  );
}

function InvitationLink({
  invitation,
  onAnother,
  onDone,
}: {
  invitation: InvitationCreated['invitation'];
  onAnother: () => void;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const ok = await copyText(invitation.url);
    setCopied(ok);
    toast(
      ok
        ? { title: 'Invitation link copied', description: 'Share it with the person you invited.' }
        : { variant: 'destructive', title: "Couldn't copy the link", description: 'Select it and copy it by hand.' },
    );
  };
  return (
    <div className="space-y-4">
      <Field id="invite-link" label="Invitation link">
        <div className="flex gap-2">
          <Input id="invite-link" readOnly value={invitation.url} onFocus={(e) => e.currentTarget.select()} />
          <Button variant="outline" size="icon" aria-label="Copy invitation link" onClick={() => void copy()}>
            {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          </Button>
        </div>
      </Field>
      <p className="text-sm text-slate-500">
        Works once, until {format(new Date(invitation.expiresAt), 'PPP p')}. It is not shown again.
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onAnother}>
          Invite another
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
