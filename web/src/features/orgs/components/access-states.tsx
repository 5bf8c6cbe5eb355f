import { Building2, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { CreateOrganizationDialog } from './create-organization-dialog.tsx';

function StartOrganization() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Building2 className="size-4" aria-hidden="true" />
        Start an organization
      </Button>
      <CreateOrganizationDialog open={open} onOpenChange={setOpen} />
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
