import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toast.tsx';
import { TooltipProvider } from '../components/ui/tooltip.tsx';
import { queryClient as defaultQueryClient } from '../lib/query-client.ts';
import { SocketProvider } from '../lib/socket/socket-provider.tsx';

interface AppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/** Everything the screens need around them: data cache, tooltips, toasts. */
export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <SocketProvider>
        <TooltipProvider>
          {children}
          <Toaster />
        </TooltipProvider>
      </SocketProvider>
    </QueryClientProvider>
  );
}
