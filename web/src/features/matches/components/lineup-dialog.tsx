import { sportById, type Match, type Participant } from '@sideline/domain';
import { ArrowLeftRight, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useTeamMembers } from '../../teams/api.ts';
import { useAddParticipant, useParticipants, useRemoveParticipant, useRosterPlayers, useSubstitute } from '../api.ts';
import { ParticipantRow } from './participant-row.tsx';
import { useMatchMachine } from './match-actions.tsx';
import { choiceInputClassName, choiceLabelClassName } from '../../../components/ui/label.tsx';

interface LineupDialogProps {
  match: Match;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Manage Match Lineup (spec part 2 §2, §7): add and remove participants; substitutions during play. */
export function LineupDialog({ match, open, onOpenChange }: LineupDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="2xl">
        <DialogHeader>
          <DialogTitle>Manage Match Lineup</DialogTitle>
          <DialogDescription>
            {match.teamA.name} vs {match.teamB.name}: add club players or members of either team.
          </DialogDescription>
        </DialogHeader>
        {open ? <LineupEditor key={match.status} match={match} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const failed = (error: unknown) =>
  toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error) });

function LineupEditor({ match }: { match: Match }) {
  const { can } = useMatchMachine(match);
  const participants = useParticipants(match.id);
  const remove = useRemoveParticipant(match.id);
  const lineup = participants.data ?? [];
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="space-y-4">
        {can('AddParticipant') ? <AddParticipantForm match={match} lineup={lineup} /> : null}
        {can('Substitute') ? <SubstitutionForm match={match} lineup={lineup} /> : null}
      </div>
      <section aria-labelledby="lineup-current" className="space-y-2">
        <h3 id="lineup-current" className="text-sm font-semibold text-slate-700">
          Current Lineup ({lineup.length})
        </h3>
        {participants.isPending ? (
          <p className="text-sm text-slate-500">Loading lineup...</p>
        ) : lineup.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-200 px-4 py-5 text-center text-sm text-slate-500">
            No participants added yet
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Current lineup">
            {lineup.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 px-3 py-2">
                <ParticipantRow match={match} participant={p} />
                {can('RemoveParticipant') ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${p.userName || 'Unknown Player'}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(p.id, { onError: failed })}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

interface Candidate {
  /** `user:{id}` (a member's account) or `player:{id}` (a club player on the roster). */
  value: string;
  label: string;
}

/** Who may be added for a team: its roster players, and its members who play. */
function useCandidates(teamId: string, lineup: readonly Participant[]): Candidate[] {
  const members = useTeamMembers(teamId);
  const players = useRosterPlayers(teamId);
  const inLineup = new Set(
    lineup.flatMap((p) => [p.userId ? `user:${p.userId}` : '', p.playerId ? `player:${p.playerId}` : '']),
  );
  const rosterAccounts = new Set((players.data ?? []).flatMap((p) => (p.account ? [p.account.userId] : [])));
  const roster = (players.data ?? []).map((p) => ({
    value: `player:${p.id}`,
    label: `${p.name}${p.jerseyNumber ? ` #${p.jerseyNumber}` : ''}`,
  }));
  const accounts = (members.data ?? [])
    .filter((m) => (m.assignedRole === 'player' || m.role === 'player') && !rosterAccounts.has(m.userId))
    .map((m) => ({ value: `user:${m.userId}`, label: m.name }));
  return [...roster, ...accounts].filter((c) => !inLineup.has(c.value));
}

function AddParticipantForm({ match, lineup }: { match: Match; lineup: readonly Participant[] }) {
  const [teamId, setTeamId] = useState(match.teamA.id);
  const [who, setWho] = useState('');
  const [positionId, setPositionId] = useState('');
  const [isStarter, setIsStarter] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const candidates = useCandidates(teamId, lineup);
  // The sport's positions, from the catalogue the server checks them against.
  const positions = sportById(match.sportId).positions;
  const add = useAddParticipant(match.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!who) {
      setError('Player is required');
      return;
    }
    setError(undefined);
    const [kind, id] = who.split(':') as ['user' | 'player', string];
    add.mutate(
      {
        ...(kind === 'user' ? { userId: id } : { playerId: id }),
        teamId,
        positionId: positionId || null,
        isStarter,
      },
      {
        onSuccess: (added) => {
          toast({ title: 'Player added', description: `${added.userName} is in the lineup.` });
          setWho('');
          setPositionId('');
          setIsStarter(true);
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 400) {
            const fields = failure.fieldErrors;
            setError(fields.userId?.[0] ?? fields.playerId?.[0]);
          }
          failed(failure);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Add to lineup">
      <h3 className="text-sm font-semibold text-slate-700">Add Player</h3>
      <Field id="lineup-team" label="Team">
        <NativeSelect
          id="lineup-team"
          value={teamId}
          onChange={(e) => {
            setTeamId(e.target.value);
            setWho('');
          }}
        >
          <option value={match.teamA.id}>{match.teamA.name}</option>
          {match.teamB.id !== null && <option value={match.teamB.id}>{match.teamB.name}</option>}
        </NativeSelect>
      </Field>
      <Field id="lineup-player" label="Player" error={error}>
        <NativeSelect
          {...fieldControlProps('lineup-player', error)}
          value={who}
          onChange={(e) => setWho(e.target.value)}
        >
          <option value="">{candidates.length === 0 ? 'No players to add' : 'Select a player'}</option>
          {candidates.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="lineup-position" label="Position (optional)">
        <NativeSelect id="lineup-position" value={positionId} onChange={(e) => setPositionId(e.target.value)}>
          <option value="">No Position</option>
          {positions.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <label className={choiceLabelClassName}>
        <input
          type="checkbox"
          className={choiceInputClassName}
          checked={isStarter}
          onChange={(e) => setIsStarter(e.target.checked)}
        />
        Starter
      </label>
      <Button type="submit" size="sm" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add to Lineup'}
      </Button>
    </form>
  );
}

function SubstitutionForm({ match, lineup }: { match: Match; lineup: readonly Participant[] }) {
  const [out, setOut] = useState('');
  const [into, setInto] = useState('');
  const [error, setError] = useState<string | undefined>();
  const substitute = useSubstitute(match.id);
  const onField = lineup.filter((p) => p.onField);
  const bench = lineup.filter((p) => !p.onField && (!out || p.teamId === lineup.find((o) => o.id === out)?.teamId));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!out || !into) {
      setError('Choose who comes off and who comes on');
      return;
    }
    setError(undefined);
    substitute.mutate(
      { out, in: into },
      {
        onSuccess: () => {
          toast({ title: 'Substitution made', description: 'Playing time counts from now.' });
          setOut('');
          setInto('');
        },
        onError: failed,
      },
    );
  };
  const name = (p: Participant) => p.userName || 'Unknown Player';
  return (
    <form onSubmit={submit} noValidate className="space-y-3 border-t border-slate-100 pt-4" aria-label="Substitution">
      <h3 className="text-sm font-semibold text-slate-700">Substitution</h3>
      <Field id="sub-out" label="Comes off" error={error}>
        <NativeSelect {...fieldControlProps('sub-out', error)} value={out} onChange={(e) => setOut(e.target.value)}>
          <option value="">Select a player on the field</option>
          {onField.map((p) => (
            <option key={p.id} value={p.id}>
              {name(p)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="sub-in" label="Comes on">
        <NativeSelect id="sub-in" value={into} onChange={(e) => setInto(e.target.value)}>
          <option value="">Select a player on the bench</option>
          {bench.map((p) => (
            <option key={p.id} value={p.id}>
              {name(p)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Button type="submit" size="sm" variant="outline" disabled={substitute.isPending}>
        <ArrowLeftRight className="size-4" aria-hidden="true" />
        Substitute
      </Button>
    </form>
  );
}
