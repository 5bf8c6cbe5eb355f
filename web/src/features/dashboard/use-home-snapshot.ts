import type { User } from '@sideline/domain';
import { useEffect } from 'react';
import {
  dropHomeSnapshot,
  homeSnapshotReplaced,
  homeSnapshotUserId,
  saveHomeSnapshot,
} from '../../app/boot/home-snapshot.ts';

/** How long after Home has its data the picture for the next visit is taken (late images, fonts). */
const SAVE_AFTER_MS = 1_000;

/**
 * Home's side of the kept picture (app/boot/home-snapshot.ts): once Home shows all its first
 * screen's data, a new picture is kept, and again whenever the page is hidden
 * (the phone locks, another app opens), so the next visit starts from what the person last saw.
 */
export function useHomeSnapshot(user: User | null | undefined, complete: boolean): void {
  // The live Home has replaced the picture; another person's picture is not kept.
  useEffect(() => {
    homeSnapshotReplaced();
    if (!user) return;
    const kept = homeSnapshotUserId();
    if (kept !== null && kept !== user.id) dropHomeSnapshot();
  }, [user]);

  // Only a Home with all its first-screen data is kept, never an error or a spinner.
  useEffect(() => {
    if (!user || !complete) return;
    const root = document.getElementById('root');
    if (!root) return;
    const save = () => {
      if (window.location.pathname === '/') saveHomeSnapshot(root, user.id);
    };
    const timer = window.setTimeout(save, SAVE_AFTER_MS);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [user, complete]);
}
