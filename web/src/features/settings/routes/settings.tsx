import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { useUser } from '../../auth/api.ts';
import { AppearanceSection } from '../components/appearance-section.tsx';
import { NotificationsSection } from '../components/notifications-section.tsx';
import { PushDeviceSection } from '../components/push-device-section.tsx';
import { QuietHoursSection } from '../components/quiet-hours-section.tsx';
import { PasswordSection } from '../components/password-section.tsx';
import { ProfileSection } from '../components/profile-section.tsx';
import { SessionsSection } from '../components/sessions-section.tsx';

/** /settings — the profile menu's Settings: name and picture, theme, notifications, password, devices. */
export function SettingsRoute() {
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <div className="flex items-center gap-3">
        <Link
          to={paths.home}
          aria-label="Back to home"
          className="-ml-2 flex size-11 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-100"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Settings</h1>
      </div>
      <ProfileSection user={user} />
      <AppearanceSection />
      <PushDeviceSection />
      <NotificationsSection />
      <QuietHoursSection />
      <PasswordSection />
      <SessionsSection />
    </div>
  );
}
