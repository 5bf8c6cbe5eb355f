import { Fragment, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu.tsx';
import type { RowAction } from './row-actions.tsx';

/** The phone's overflow menu of RowActions (row-actions.tsx), loaded on its first opening and mounted open. */
export default function RowActionsMenu({ ordered, trigger }: { ordered: readonly RowAction[]; trigger: ReactElement }) {
  const firstDestructive = ordered.findIndex((a) => a.destructive);
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-48">
        {ordered.map((action, index) => {
          const Icon = action.icon;
          const content = (
            <>
              <Icon className="size-4" aria-hidden="true" />
              {action.label}
            </>
          );
          return (
            <Fragment key={action.label}>
              {index === firstDestructive && index > 0 ? <DropdownMenuSeparator /> : null}
              {action.to && !action.disabled ? (
                <DropdownMenuItem asChild destructive={action.destructive}>
                  <Link to={action.to} aria-label={action.name}>
                    {content}
                  </Link>
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem
                  destructive={action.destructive}
                  disabled={action.disabled}
                  aria-label={action.name}
                  onSelect={action.onSelect}
                >
                  {content}
                </DropdownMenuItem>
              )}
            </Fragment>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
