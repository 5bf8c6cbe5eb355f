import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { queryClient as defaultQueryClient } from '../lib/query-client.ts';

// Toasts wait in their store (use-toast.ts) until the viewport's code has arrived, a moment after
// the first screen shows.
const Toaster = lazy(async () => ({ default: (await import('../components/ui/toast.tsx')).Toaster }));

interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/**
 * What every screen needs around it, the sign-in screen included: data cache and toasts. The
 * live connection belongs to signed-in screens (`SignedInProviders`, in the AppShell), so the
 * sign-in screen does not download it.
 */
export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
