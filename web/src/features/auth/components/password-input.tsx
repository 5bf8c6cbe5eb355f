import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { Input } from '../../../components/ui/input.tsx';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'>;

/**
 * A password field with a show/hide toggle. The toggle's accessible name ("Show password" /
 * "Hide password") comes from visually hidden text, not aria-label, so label-based queries for
 * "Password" find only the field.
 */
export function PasswordInput({ className, id, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input id={id} type={visible ? 'text' : 'password'} className={`pr-11 ${className ?? ''}`} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-controls={id}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-slate-400 transition-colors hover:text-slate-700"
      >
        <Icon className="size-5" aria-hidden="true" />
        <span className="sr-only">{visible ? 'Hide password' : 'Show password'}</span>
      </button>
    </div>
  );
}
