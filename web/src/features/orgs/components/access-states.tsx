import type { Organization } from '@sideline/domain';
import { Building2, ShieldAlert } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { useUser } from '../../auth/api.ts';
import { firstAdminOrganization, useOrganizations } from '../api.ts';

// Loaded, with its form and validation, when it first opens.
const CreateOrganizationDialog = lazy(() =>
  import('./create-organization-dialog.tsx').then((module) => ({ default: module.CreateOrganizationDialog })),
);

function StartOrganization() {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so it can animate closed.
  const [wanted, setWanted] = useState(false);
  if (!wanted && open) setWanted(true);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Building2 className="size-4" aria-hidden="true" />
        Start an organization
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <CreateOrganizationDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Spec part 2 §2: the console (and the admin portal, with its own description) for someone who
 * administers no organization.
 */
export function AccessDenied({
  description = 'You need organization admin privileges to access this page.',
}: { description?: string } = {}) {
  return (
    <Card>
      <EmptyState icon={ShieldAlert} title="Access Denied" description={description}>
        <Link to={paths.home} className={buttonClassName('primary', 'md')}>
          Back to Dashboard
        </Link>
        <p className="text-sm text-slate-500">Running a club? Start your own organization and manage it here.</p>
        <StartOrganization />
      </EmptyState>
    </Card>
  );
}

/** An admin whose organization is gone (or not loaded into their account): spec part 2 §2. */
export function NoOrganizationFound() {
  return (
    <Card>
      <EmptyState
        icon={Building2}
        title="No Organization Found"
        description="You're not associated with any organization."
      >
        <StartOrganization />
      </EmptyState>
    </Card>
  );
}

/**
 * The organization the signed-in user administers, handed to `children`; meanwhile a skeleton,
 * a load error with Retry, or (spec part 2 §2) No Organization Found / Access Denied. The org
 * console and the admin portal both open through it.
 */
export function AdminOrganizationGate({
  deniedDescription,
  children,
}: {
  deniedDescription?: string;
  children: (organization: Organization) => ReactNode;
}) {
  const { data: user } = useUser();
  const organizations = useOrganizations({ enabled: Boolean(user) });
  if (!user) return null;
  if (organizations.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-8 w-56" />
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      </div>
    );
  }
  if (organizations.isError) {
    return (
      <LoadError
        title="We couldn't load your organization"
        error={organizations.error}
        onRetry={() => void organizations.refetch()}
      />
    );
  }
  const organization = firstAdminOrganization(organizations.data);
  if (!organization) {
    return user.role === 'org_admin' ? (
      <NoOrganizationFound />
    ) : (
      <AccessDenied {...(deniedDescription && { description: deniedDescription })} />
    );
  }
  return children(organization);
}
