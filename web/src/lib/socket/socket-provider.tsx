import type { ReactNode } from 'react';

/**
 * Placeholder: the chat slice replaces this with the socket client driven by the reconnect
 * machine (opened only while a user is signed in).
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
