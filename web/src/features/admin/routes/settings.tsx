import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { OrgSettingsForms } from '../../orgs/components/settings-tab.tsx';
import { useAdminSettings, useUpdateAdminSettings } from '../api.ts';
import { SectionError, SectionHeader } from '../components/section.tsx';

/** /admin/settings: the organization's settings (spec part 2 §2, §3), GET and PATCH /api/admin/settings. */
export function AdminSettingsRoute() {
  const settings = useAdminSettings();
  const update = useUpdateAdminSettings();
  return (
    <div>
      <SectionHeader title="Organization Settings" description="Branding, contact details and defaults." />
      {settings.isPending ? (
        <Skeleton className="h-96" />
      ) : settings.isError ? (
        <SectionError title="Failed to fetch settings" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <OrgSettingsForms settings={settings.data} update={update} />
      )}
    </div>
  );
}
