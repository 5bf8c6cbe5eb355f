import type { Organization } from '@sideline/domain';
import { Building2 } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { AdminOrganizationGate } from '../components/access-states.tsx';
import { OverviewTab } from '../components/overview-tab.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

// The other tabs load when first chosen: Overview shows without their forms and dialogs.
const TeamsTab = lazy(() => import('../components/teams-tab.tsx').then((m) => ({ default: m.TeamsTab })));
const MembersTab = lazy(() => import('../components/members-tab.tsx').then((m) => ({ default: m.MembersTab })));
const SettingsTab = lazy(() => import('../components/settings-tab.tsx').then((m) => ({ default: m.SettingsTab })));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="h-40" />}>{children}</Suspense>;
}

/** /org-admin — the organization admin console (spec part 2 §2): Overview, Teams, Members, Settings. */
export function OrgAdminRoute() {
  return <AdminOrganizationGate>{(organization) => <Console organization={organization} />}</AdminOrganizationGate>;
}

function Console({ organization }: { organization: Organization }) {
  return (
    <div className="space-y-6">
      <header className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-orange-50 text-orange-600">
          <Building2 className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-bold tracking-tight text-slate-900">{organization.name}</h1>
          <p className="text-sm text-slate-500">Organization admin</p>
        </div>
        <Link to={paths.admin} className={buttonClassName('outline', 'sm')}>
          Admin Portal
        </Link>
      </header>
      <Tabs defaultValue="overview">
        <TabsList aria-label="Organization admin">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="teams">Teams</TabsTrigger>
          <TabsTrigger value="members">Members</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab orgId={organization.id} />
        </TabsContent>
        <TabsContent value="teams">
          <Loading>
            <TeamsTab orgId={organization.id} />
          </Loading>
        </TabsContent>
        <TabsContent value="members">
          <Loading>
            <MembersTab orgId={organization.id} />
          </Loading>
        </TabsContent>
        <TabsContent value="settings">
          <Loading>
            <SettingsTab orgId={organization.id} />
          </Loading>
        </TabsContent>
      </Tabs>
    </div>
  );
}
