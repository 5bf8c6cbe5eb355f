/**
 * Joins class names, skipping falsy values. It does not merge: when two Tailwind classes set the
 * same property, the stylesheet's order decides, not theirs. So a component never takes from its
 * caller a class that its own classes already set (a variant or a size prop chooses instead).
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
