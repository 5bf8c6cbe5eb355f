import type { Organization } from '@sideline/domain';
import { Building2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { AdminOrganizationGate } from '../components/access-states.tsx';
import { MembersTab } from '../components/members-tab.tsx';
import { OverviewTab } from '../components/overview-tab.tsx';
import { SettingsTab } from '../components/settings-tab.tsx';
import { TeamsTab } from '../components/teams-tab.tsx';

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
          <TeamsTab orgId={organization.id} />
        </TabsContent>
        <TabsContent value="members">
          <MembersTab orgId={organization.id} />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab orgId={organization.id} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
