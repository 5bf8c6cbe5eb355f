import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useSocketStatus } from '../lib/socket/socket-context.ts';
import { SocketProvider } from '../lib/socket/socket-provider.tsx';

/**
 * Around every signed-in screen: the live connection (/ws). It starts with the screen, not after
 * it: someone who types at once must already be heard (typing, messages). The sign-in screen does
 * not download it.
 */
export function SignedInProviders({ children }: { children: ReactNode }) {
  return (
    <SocketProvider>
      <OutboxSender />
      {children}
    </SocketProvider>
  );
}

/**
 * Starts the outbox after the first paint (it sends what waits from an earlier visit), and sends
 * what waits whenever the live connection opens again.
 */
function OutboxSender() {
  const queryClient = useQueryClient();
  const status = useSocketStatus();
  useEffect(() => {
    void import('../lib/offline/outbox.ts').then(({ startOutbox }) => startOutbox(queryClient));
  }, [queryClient]);
  useEffect(() => {
    if (status === 'connected') void import('../lib/offline/outbox.ts').then(({ flushOutbox }) => flushOutbox());
  }, [status]);
  return null;
}
