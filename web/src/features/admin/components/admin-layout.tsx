import type { Organization } from '@sideline/domain';
import {
  Activity,
  ArrowLeft,
  CalendarRange,
  Image,
  Gauge,
  LogOut,
  Menu,
  Settings,
  ClipboardCheck,
  Trophy,
  Users,
  UserRoundCog,
  type LucideIcon,
} from 'lucide-react';
import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { adminPaths } from '../paths.ts';
import { cn } from '../../../lib/cn.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../components/ui/use-toast.ts';
import { useLogout } from '../../auth/api.ts';
import { AdminOrganizationGate } from '../../orgs/components/access-states.tsx';

/** Spec part 2 §2: the portal's Access Denied text. */
export const ADMIN_DENIED = 'You need admin privileges to access this area.';

interface AdminEntry {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** The portal's sidebar (spec part 2 §2) plus the Activity audit. */
export const adminEntries: readonly AdminEntry[] = [
  { label: 'Dashboard', to: adminPaths.dashboard, icon: Gauge },
  { label: 'Seasons', to: adminPaths.seasons, icon: CalendarRange },
  { label: 'Teams', to: adminPaths.teams, icon: Users },
  { label: 'Matches', to: adminPaths.matches, icon: Trophy },
  { label: 'People', to: adminPaths.people, icon: UserRoundCog },
  { label: 'Media', to: adminPaths.media, icon: Image },
  { label: 'Settings', to: adminPaths.settings, icon: Settings },
  { label: 'Activity', to: adminPaths.activity, icon: Activity },
  { label: 'Consents', to: adminPaths.consents, icon: ClipboardCheck },
];

function isActive(pathname: string, to: string): boolean {
  if (to === adminPaths.dashboard) return pathname === to || pathname === `${to}/`;
  return pathname === to || pathname.startsWith(`${to}/`);
}

export interface AdminContext {
  organization: Organization;
  /** The ids in the section's path (/admin/teams/{teamId}/edit…). */
  params: Readonly<Record<string, string | undefined>>;
}

const AdminMenuSheet = lazy(async () => ({ default: (await import('./admin-menu-sheet.tsx')).AdminMenuSheet }));

const AdminContextValue = createContext<AdminContext | null>(null);

/** The organization the portal administers and the path's ids (set by AdminLayout for every section). */
export function useAdminContext(): AdminContext {
  const value = useContext(AdminContextValue);
  if (!value) throw new Error('useAdminContext outside the admin portal');
  return value;
}

/**
 * Sign Out with the app's toasts ('Goodbye!' / 'Logout failed'), as the sidebar's. (Not the
 * shared hook: importing it here would split it out of the first download's chunk.)
 */
function usePortalSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Goodbye!', description: "You've been logged out successfully." });
        void navigate(paths.auth, { replace: true });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Logout failed', description: getErrorMessage(error) }),
    });
  return { signOut, isPending: logout.isPending };
}

function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { signOut, isPending } = usePortalSignOut();
  return (
    <div className="flex h-full flex-col">
      <nav aria-label="Admin navigation" className="flex-1">
        <ul className="space-y-1">
          {adminEntries.map(({ label, to, icon: Icon }) => {
            const active = isActive(pathname, to);
            return (
              <li key={to}>
                <Link
                  to={to}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors',
                    active ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  <Icon className="size-5" aria-hidden="true" />
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mt-6 space-y-1 border-t border-slate-200/80 pt-3">
        <Link
          to={paths.home}
          onClick={onNavigate}
          className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-slate-600 hover:bg-slate-100"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Dashboard
        </Link>
        <Button
          variant="bare"
          size="bare"
          className="h-11 w-full min-w-11 justify-start gap-2 rounded-xl px-3 text-sm whitespace-nowrap text-slate-600 hover:bg-slate-100"
          disabled={isPending}
          aria-busy={isPending || undefined}
          onClick={signOut}
        >
          <LogOut className="size-4" aria-hidden="true" />
          Sign Out
        </Button>
      </div>
    </div>
  );
}

/** Small screens: the portal's navigation slides in from the left. */
function MobileMenu({ organization }: { organization: Organization }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so Radix closes it (and gives focus back to the button).
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="lg:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Menu className="size-4" aria-hidden="true" />
        Admin menu
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <AdminMenuSheet open={open} onOpenChange={setOpen} title={organization.name}>
            <AdminNav onNavigate={() => setOpen(false)} />
          </AdminMenuSheet>
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * /admin and below (spec part 2 §2): org admins only; everyone else sees Access Denied. The
 * section renders inside with the organization and the path's ids in its context.
 */
export function AdminLayout({ params, children }: { params: AdminContext['params']; children: ReactNode }) {
  return (
    <AdminOrganizationGate deniedDescription={ADMIN_DENIED}>
      {(organization) => (
        <PortalFrame organization={organization} params={params}>
          {children}
        </PortalFrame>
      )}
    </AdminOrganizationGate>
  );
}

function PortalFrame({
  organization,
  params,
  children,
}: {
  organization: Organization;
  params: AdminContext['params'];
  children: ReactNode;
}) {
  return (
    <div className="lg:grid lg:grid-cols-[13rem_1fr] lg:gap-8">
      <aside aria-label="Admin portal" className="hidden lg:block">
        <p className="mb-3 truncate px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {organization.name}
        </p>
        <AdminNav />
      </aside>
      <div className="min-w-0">
        <div className="mb-4 flex items-center justify-between gap-3 lg:hidden">
          <p className="truncate text-sm font-semibold text-slate-600">{organization.name} · Admin</p>
          <MobileMenu organization={organization} />
        </div>
        <AdminContextValue.Provider value={{ organization, params }}>{children}</AdminContextValue.Provider>
      </div>
    </div>
  );
}
