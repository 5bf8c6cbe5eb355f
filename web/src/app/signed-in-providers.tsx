import type { ReactNode } from 'react';
import { SocketProvider } from '../lib/socket/socket-provider.tsx';

/**
 * Around every signed-in screen: the live connection (/ws). It starts with the screen, not after
 * it: someone who types at once must already be heard (typing, messages). The sign-in screen does
 * not download it.
 */
export function SignedInProviders({ children }: { children: ReactNode }) {
  return <SocketProvider>{children}</SocketProvider>;
}
