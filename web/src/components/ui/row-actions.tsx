import { EllipsisVertical, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '../../lib/cn.ts';
import { useIsDesktop } from '../../lib/use-media-query.ts';
import { Button, buttonClassName } from './button.tsx';
import { menuActivation } from './lazy-menu.ts';

const RowActionsMenu = lazy(() => import('./row-actions-menu.tsx'));

export interface RowAction {
  /** What the button or menu item says: 'Edit'. */
  label: string;
  /** Its accessible name when the label alone is ambiguous in a list: 'Edit Spring League'. */
  name?: string;
  icon: LucideIcon;
  /** A link (`to`) or a command (`onSelect`). */
  to?: string;
  onSelect?: () => void;
  /** Deleting, cancelling: red, and on phones last in the menu, apart from the others. */
  destructive?: boolean;
  disabled?: boolean;
}

interface RowActionsProps {
  /** The overflow button's accessible name: 'Actions for Spring League'. */
  label: string;
  actions: readonly RowAction[];
  className?: string;
}

/**
 * The actions of one row of a list (Edit, Invite, Delete). On a phone they go into one 44 px
 * overflow button ('⋮') whose menu puts the destructive ones last, after a separator, so a thumb
 * aimed at Edit never lands on Delete (the menu loads when it first opens). Wide screens show
 * them as a row of small buttons.
 */
export function RowActions({ label, actions, className }: RowActionsProps) {
  const isDesktop = useIsDesktop();
  const [menuWanted, setMenuWanted] = useState(false);
  const ordered = [...actions.filter((a) => !a.destructive), ...actions.filter((a) => a.destructive)];
  if (ordered.length === 0) return null;

  if (isDesktop) {
    return (
      <div className={cn('flex flex-wrap items-center gap-2', className)}>
        {ordered.map((action) => {
          const Icon = action.icon;
          const classes = buttonClassName(
            action.destructive ? 'outline-destructive' : 'outline',
            'sm',
            cn(action.destructive && 'ml-2'),
          );
          const content = (
            <>
              <Icon className="size-4" aria-hidden="true" />
              {action.label}
            </>
          );
          return action.to && !action.disabled ? (
            <Link key={action.label} to={action.to} className={classes} aria-label={action.name}>
              {content}
            </Link>
          ) : (
            <Button
              key={action.label}
              variant={action.destructive ? 'outline-destructive' : 'outline'}
              size="sm"
              className={cn(action.destructive && 'ml-2')}
              aria-label={action.name}
              disabled={action.disabled}
              onClick={action.onSelect}
            >
              {content}
            </Button>
          );
        })}
      </div>
    );
  }

  const trigger = (props = {}) => (
    <Button variant="ghost" size="icon" aria-label={label} className={className} {...props}>
      <EllipsisVertical className="size-5" aria-hidden="true" />
    </Button>
  );
  if (!menuWanted) return trigger(menuActivation(() => setMenuWanted(true)));
  return (
    <Suspense fallback={trigger()}>
      <RowActionsMenu ordered={ordered} trigger={trigger()} />
    </Suspense>
  );
}
