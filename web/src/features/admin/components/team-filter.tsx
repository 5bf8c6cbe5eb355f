import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';

/** The admin portal's "Team" filter: every team of the organization, or all of them (''). */
export function TeamFilter({
  id,
  teams,
  value,
  onChange,
}: {
  id: string;
  teams: ReadonlyArray<{ id: string; name: string }> | undefined;
  value: string | undefined;
  onChange: (teamId: string) => void;
}) {
  return (
    <>
      <Label htmlFor={id}>Team</Label>
      <NativeSelect id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">All teams</option>
        {teams?.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </NativeSelect>
    </>
  );
}
