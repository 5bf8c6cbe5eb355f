import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { AccessDenied } from '../../orgs/components/access-states.tsx';
import { ADMIN_DENIED } from './admin-layout.tsx';

/** A section's title, one line of description and its main action. */
export function SectionHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <header className="mb-5 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description ? <p className="mt-0.5 text-sm text-slate-500">{description}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </header>
  );
}

/** Cards loading (spec: skeletons while a list loads). */
export function CardsSkeleton({ count = 4, className = 'h-36' }: { count?: number; className?: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2" aria-busy="true" aria-label="Loading">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={className} />
      ))}
    </div>
  );
}

/**
 * A list that failed to load: the spec's 'Failed to fetch …' with the reason and a retry; a 403
 * (the server no longer sees an admin) is Access Denied.
 */
export function SectionError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  if (isApiError(error) && error.status === 403) return <AccessDenied description={ADMIN_DENIED} />;
  return <LoadError title={title} error={error} onRetry={onRetry} />;
}

export function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2">
      {children}
    </ul>
  );
}

export function ItemCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <li>
      <Card className={className ?? 'flex h-full flex-col gap-3 p-4'}>{children}</Card>
    </li>
  );
}

/** A section's search box beside one filter select (People by role, Media by type). */
export function SearchFilterBar({
  searchLabel,
  searchPlaceholder,
  search,
  onSearchChange,
  filterLabel,
  filterClassName,
  filter,
  onFilterChange,
  children,
}: {
  searchLabel: string;
  searchPlaceholder: string;
  search: string;
  onSearchChange: (value: string) => void;
  filterLabel: string;
  filterClassName: string;
  filter: string;
  onFilterChange: (value: string) => void;
  /** The filter's options. */
  children: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row">
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={searchLabel}
          placeholder={searchPlaceholder}
          className="pl-9"
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
        />
      </div>
      <NativeSelect
        aria-label={filterLabel}
        className={filterClassName}
        value={filter}
        onChange={(e) => onFilterChange(e.target.value)}
      >
        {children}
      </NativeSelect>
    </div>
  );
}
