import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { roleBadgeTone, roleLabel } from '../../auth/roles.ts';
import { useUpdateAdminPerson } from '../api.ts';
import { formatDate } from '../lib/format.ts';
import { adminRoles, type AdminPerson } from '../types.ts';
import { choiceInputClassName, choiceLabelClassName } from '../../../components/ui/label.tsx';

interface PersonDialogProps {
  person: AdminPerson | null;
  /** 'role': only the role; 'edit': the person's details, role and whether they have access to this club's teams. */
  mode: 'role' | 'edit';
  onClose: () => void;
}

/** /admin/people/{id}/role and /admin/people/{id}/edit: PATCH /api/admin/people/{id}. */
export function PersonDialog({ person, mode, onClose }: PersonDialogProps) {
  return (
    <Dialog open={person !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{mode === 'role' ? 'Change Role' : 'Edit Person'}</DialogTitle>
          <DialogDescription>
            {person ? `${person.name}${person.email ? ` · ${person.email}` : ''}` : ''}
          </DialogDescription>
        </DialogHeader>
        {person ? <PersonForm key={person.id} person={person} mode={mode} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PersonForm({ person, mode, onDone }: { person: AdminPerson; mode: 'role' | 'edit'; onDone: () => void }) {
  const update = useUpdateAdminPerson();
  const [role, setRole] = useState(person.role);
  const [isActive, setIsActive] = useState(person.isActive);
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const patch: { id: string; role?: string; isActive?: boolean } = { id: person.id };
    if (role !== person.role) patch.role = role;
    if (mode === 'edit' && isActive !== person.isActive) patch.isActive = isActive;
    if (patch.role === undefined && patch.isActive === undefined) {
      onDone();
      return;
    }
    update.mutate(patch, {
      onSuccess: () => {
        toast({
          title: patch.role !== undefined ? 'Role updated' : 'Person updated',
          description:
            patch.role !== undefined ? `${person.name} is now ${roleLabel(role)}.` : `${person.name} is saved.`,
        });
        onDone();
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Update failed', description: getErrorMessage(error) }),
    });
  };
  return (
    <form onSubmit={save} className="mt-3 space-y-4" aria-label={mode === 'role' ? 'Change role' : 'Edit person'}>
      {mode === 'edit' ? (
        <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 text-sm">
          <dt className="text-slate-500">Joined</dt>
          <dd className="text-slate-800">{formatDate(person.joinedAt)}</dd>
          <dt className="text-slate-500">Teams</dt>
          <dd className="text-slate-800">
            {person.connectedTeams.length > 0 ? person.connectedTeams.map((t) => t.teamName).join(', ') : 'None'}
          </dd>
          {person.connectedOrgs.length > 0 ? (
            <>
              <dt className="text-slate-500">Organizations</dt>
              <dd className="text-slate-800">{person.connectedOrgs.map((o) => o.orgName).join(', ')}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="text-sm text-slate-600">
          Now: <Badge tone={roleBadgeTone(person.role)}>{roleLabel(person.role)}</Badge>
        </p>
      )}
      <Field id="person-role" label="Role">
        <NativeSelect id="person-role" value={role} onChange={(e) => setRole(e.target.value)}>
          {adminRoles.map((r) => (
            <option key={r} value={r}>
              {roleLabel(r)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {mode === 'edit' ? (
        <label className={choiceLabelClassName}>
          <input
            type="checkbox"
            className={choiceInputClassName}
            checked={isActive}
            onChange={(e) => setIsActive(e.target.checked)}
          />
          Active (has access to this club's teams)
        </label>
      ) : null}
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : mode === 'role' ? 'Change Role' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
