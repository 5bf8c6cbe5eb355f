import { useState } from 'react';
import { cn } from '../../lib/cn.ts';

/** First letters of the first two words of a name, upper-cased (spec: at most 2 letters). */
export function getInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

const sizes = {
  xs: 'size-6 text-[10px]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-xl',
} as const;

interface AvatarProps {
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}

/**
 * A round avatar: the image when it loads, otherwise the initials. Decorative (aria-hidden): the
 * initials are drawn by CSS from `data-initials`, so they never count as the visible text of a
 * button or link that holds an avatar (its accessible name then starts with what it shows).
 */
export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-brand-500 to-violet-600 font-semibold text-white select-none',
        sizes[size],
        className,
      )}
    >
      {src && !failed ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <span data-initials={getInitials(name) || '?'} className="before:content-[attr(data-initials)]" />
      )}
    </span>
  );
}
