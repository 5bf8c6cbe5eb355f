import {
  createContext,
  useCallback,
  useContext,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * Tabs with the WAI-ARIA tabs pattern (as Radix's Tabs had it: roles, aria-selected and
 * aria-controls, `data-state`, arrow keys, Home and End, selection follows focus), written here
 * because Radix's tabs and their roving-focus and shared parts were about 11 KB of the first load of
 * every screen that shows tabs.
 */
interface TabsContextValue {
  baseId: string;
  value: string | undefined;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(part: string): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`${part} must be inside <Tabs>`);
  return context;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value, defaultValue, onValueChange, children, ...props }: TabsProps) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const current = value ?? uncontrolled;
  const select = useCallback(
    (next: string) => {
      if (next === current) return;
      if (value === undefined) setUncontrolled(next);
      onValueChange?.(next);
    },
    [current, value, onValueChange],
  );
  return (
    <TabsContext.Provider value={{ baseId, value: current, select }}>
      <div dir="ltr" data-orientation="horizontal" {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

/** Arrow keys move between the tabs (wrapping round), Home and End go to the first and the last. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(event.key) || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not([disabled])')];
  const index = tabs.indexOf(document.activeElement as HTMLElement);
  if (index === -1 || tabs.length === 0) return;
  event.preventDefault();
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? tabs.length - 1
        : (index + (event.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length;
  tabs[next]!.focus();
}

/**
 * Tabs are 44 px tall (WCAG 2.5.5). They share the width equally; when their labels do not fit
 * (four tabs on a phone), each keeps its whole label and the list scrolls sideways by itself,
 * never the page.
 */
export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn(
        'grid w-full auto-cols-[minmax(max-content,1fr)] grid-flow-col gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1',
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({
  className,
  value,
  disabled,
  onMouseDown,
  onKeyDown,
  onFocus,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const { baseId, value: current, select } = useTabs('TabsTrigger');
  const selected = value === current;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(baseId, value)}
      aria-selected={selected}
      aria-controls={contentId(baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      disabled={disabled}
      data-disabled={disabled ? '' : undefined}
      tabIndex={selected ? 0 : -1}
      className={cn(
        'inline-flex h-11 items-center justify-center rounded-lg px-3 text-sm font-medium whitespace-nowrap text-slate-600 transition-colors',
        'hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
        className,
      )}
      onMouseDown={(event: MouseEvent<HTMLButtonElement>) => {
        onMouseDown?.(event);
        // The main button without Ctrl selects (as Radix did); a Ctrl-click opens the menu on a Mac.
        if (!disabled && event.button === 0 && !event.ctrlKey) select(value);
        // Keeps focus off a tab clicked with another button, as Radix did.
        else event.preventDefault();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key === ' ' || event.key === 'Enter') select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        // Selection follows focus (the arrow keys select as they move).
        if (!selected && !disabled) select(value);
      }}
      {...props}
    />
  );
}

/** `marginClassName` replaces the panel's space below the tabs. */
export function TabsContent({
  className,
  marginClassName = 'mt-5',
  value,
  ...props
}: Omit<ComponentProps<'div'>, 'value'> & { value: string; marginClassName?: string }) {
  const { baseId, value: current } = useTabs('TabsContent');
  // Only the selected panel is in the page, as with Radix.
  if (value !== current) return null;
  return (
    <div
      role="tabpanel"
      id={contentId(baseId, value)}
      aria-labelledby={triggerId(baseId, value)}
      data-state="active"
      data-orientation="horizontal"
      tabIndex={0}
      className={cn(marginClassName, 'focus-visible:outline-none', className)}
      {...props}
    />
  );
}
