import type { User } from '@sideline/domain';
import { lazy, Suspense, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { ProfileTrigger, profileTriggerClassNames, type ProfileMenuVariant } from './profile-trigger.tsx';

interface ProfileMenuProps {
  user: User;
  /** Where the trigger sits: the top header (avatar), the bottom navigation, or the sidebar. */
  variant?: ProfileMenuVariant;
  className?: string;
}

const loadPopup = async () => ({ default: (await import('./profile-menu-popup.tsx')).ProfileMenuPopup });
const ProfileMenuPopup = lazy(loadPopup);

/**
 * Spec §2 "Profile menu": identity summary, View Profile, Badges & Rewards, Settings, Log out.
 * The trigger's accessible name starts with "Profile menu" in every variant.
 *
 * The menu's code (a positioned dropdown) is not needed to show a screen: until the first press
 * the trigger is a plain button that looks the same; pressing it loads and opens the menu (it is
 * fetched ahead when the pointer or focus reaches the button).
 */
export function ProfileMenu({ user, variant = 'header', className }: ProfileMenuProps) {
  const [requested, setRequested] = useState(false);
  const [open, setOpen] = useState(false);
  const plain = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={variant === 'sidebar' ? undefined : 'Profile menu'}
      className={cn(profileTriggerClassNames[variant], className)}
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
      onClick={() => {
        setRequested(true);
        setOpen(true);
      }}
    >
      <ProfileTrigger user={user} variant={variant} />
    </button>
  );
  if (!requested) return plain;
  return (
    <Suspense fallback={plain}>
      <ProfileMenuPopup user={user} variant={variant} className={className} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
