import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, skipping falsy values; when two Tailwind classes set the same property
 * (a variant's `bg-white` and a caller's `bg-emerald-50`), the later one wins.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return twMerge(classes.filter(Boolean).join(' '));
}
