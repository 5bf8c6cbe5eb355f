import { useEffect, useRef } from 'react';

/**
 * Refetches a read of an occurrence (its attendance, its history) when the occurrence itself, as
 * the events list holds it, changes: a realtime refresh of the list then carries over to them.
 * Nothing is fetched again on the first render.
 */
export function useRefetchOnChange(refetch: () => unknown, version: string): void {
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void refetch();
  }, [refetch, version]);
}
