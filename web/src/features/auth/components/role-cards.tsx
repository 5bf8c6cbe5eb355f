import { Check, Heart, Megaphone, Trophy, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';
import type { SelfSelectableRole } from '../invitation.ts';

interface RoleOption {
  value: SelfSelectableRole;
  label: string;
  description: string;
  icon: LucideIcon;
  accent: string;
}

/** Spec §1/§9: the roles offered at sign-up, with their one-line descriptions. */
export const roleOptions: readonly RoleOption[] = [
  {
    value: 'parent',
    label: 'Parent',
    description: "Supports a child's journey",
    icon: Heart,
    accent: 'text-emerald-600 bg-emerald-50',
  },
  {
    value: 'coach',
    label: 'Coach',
    description: 'Leads and inspires teams',
    icon: Megaphone,
    accent: 'text-blue-600 bg-blue-50',
  },
  {
    value: 'player',
    label: 'Player',
    description: 'Plays and achieves',
    icon: Trophy,
    accent: 'text-purple-600 bg-purple-50',
  },
];

interface RoleCardsProps {
  value: SelfSelectableRole;
  onChange: (role: SelfSelectableRole) => void;
  disabled?: boolean;
}

/** Three toggle cards (aria-pressed); exactly one is pressed. Accessible names: Parent, Coach, Player. */
export function RoleCards({ value, onChange, disabled }: RoleCardsProps) {
  const baseId = useId();
  return (
    <div className="space-y-1.5">
      <p id={`${baseId}-label`} className="text-sm font-medium text-slate-700">
        I am a…
      </p>
      <div role="group" aria-labelledby={`${baseId}-label`} className="grid grid-cols-3 gap-2">
        {roleOptions.map((option) => {
          const selected = option.value === value;
          const Icon = option.icon;
          // The button holds only the role's name, stretched over the card: its accessible name is
          // exactly what it shows; the description is read as its description.
          return (
            <div
              key={option.value}
              className={cn(
                'relative flex flex-col items-center gap-1.5 rounded-xl border-2 p-2.5 text-center transition-colors focus-within:ring-3 focus-within:ring-brand-500/30',
                selected
                  ? 'border-brand-600 bg-brand-50 shadow-sm shadow-brand-500/10'
                  : 'border-slate-200 bg-white hover:border-slate-300',
                disabled && 'opacity-60',
              )}
            >
              {selected ? (
                <span className="absolute top-1.5 right-1.5 flex size-4 items-center justify-center rounded-full bg-brand-600 text-white">
                  <Check className="size-3" strokeWidth={3} aria-hidden="true" />
                </span>
              ) : null}
              <span className={cn('flex size-9 items-center justify-center rounded-full', option.accent)}>
                <Icon className="size-4.5" aria-hidden="true" />
              </span>
              <button
                type="button"
                aria-pressed={selected}
                aria-describedby={`${baseId}-${option.value}-desc`}
                disabled={disabled}
                onClick={() => onChange(option.value)}
                className="text-sm font-semibold text-slate-900 outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
              >
                {option.label}
              </button>
              <span id={`${baseId}-${option.value}-desc`} className="text-[11px] leading-tight text-slate-600">
                {option.description}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
