import type { ReactNode } from 'react';
import { Label } from './label.tsx';

interface FieldProps {
  id: string;
  label: string;
  /** The validation message shown under the control (also referenced by aria-describedby). */
  error?: string | undefined;
  children: ReactNode;
}

/** A labelled form control with its error message underneath. */
export function Field({ id, label, error, children }: FieldProps) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props to spread on the control of a `Field`. */
export function fieldControlProps(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}
