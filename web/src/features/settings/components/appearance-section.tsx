import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { useThemeChoice, type ThemeChoice } from '../../../lib/theme.ts';

const options: ReadonlyArray<{ value: ThemeChoice; label: string; icon: LucideIcon }> = [
  { value: 'system', label: 'System', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

/** Light, dark, or as the phone is set: kept on this device only. */
export function AppearanceSection() {
  const [choice, setChoice] = useThemeChoice();
  return (
    <Card className="p-5" role="region" aria-labelledby="settings-appearance">
      <h2 id="settings-appearance" className="text-base font-semibold text-slate-900">
        Appearance
      </h2>
      <fieldset className="mt-3">
        <legend className="text-sm text-slate-600">
          Theme on this device. System follows your phone’s light or dark setting.
        </legend>
        <div className="mt-3 grid grid-cols-3 gap-2">
          {options.map(({ value, label, icon: Icon }) => (
            <label
              key={value}
              className={cn(
                'flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-xl border px-2 text-sm font-medium transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                choice === value
                  ? 'border-brand-600 bg-brand-50 text-brand-700'
                  : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
                className="sr-only"
              />
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
    </Card>
  );
}
