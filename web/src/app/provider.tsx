import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useToast } from '../components/ui/use-toast.ts';
import { UpdateBanner } from '../lib/pwa/update-banner.tsx';
import { queryClient as defaultQueryClient } from '../lib/query-client.ts';

// Toasts wait in their store (use-toast.ts) until the viewport's code has arrived: it (and Radix
// Toast) downloads with the first toast, so a screen that shows none never pays for it.
const Toaster = lazy(async () => ({ default: (await import('../components/ui/toast.tsx')).Toaster }));

/** The toast viewport, from the first toast on. */
function LazyToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (!wanted && toasts.length > 0) setWanted(true);
  if (!wanted && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/**
 * What every screen needs around it, the sign-in screen included: data cache, toasts, and the
 * offer to switch to a new version once one is deployed (UpdateBanner). The live connection
 * belongs to signed-in screens (`SignedInProviders`, in the AppShell), so the sign-in screen does
 * not download it.
 */
export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <UpdateBanner />
      <LazyToaster />
    </QueryClientProvider>
  );
}
