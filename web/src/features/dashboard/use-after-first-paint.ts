import { useEffect, useState } from 'react';

/**
 * False for Home's first render, true once the browser has painted it: the sections below the
 * first screen render after the greeting and the next event are on screen, not before them (on a
 * slow phone Home's whole render is the last long task before its first paint).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}
