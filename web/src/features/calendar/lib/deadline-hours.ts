// Without zod: the event detail's edit form reads this, and zod loads only with the create form.
export const DEADLINE_MIN = 1;
export const DEADLINE_MAX = 336;
export const DEADLINE_MESSAGE = `Enter ${DEADLINE_MIN} to ${DEADLINE_MAX} hours, or leave it empty`;

/** "Answers close … hours before the start": empty is never (null); undefined when not valid. */
export function deadlineHoursOf(value: string): number | null | undefined {
  if (!value.trim()) return null;
  if (!/^\s*\d+\s*$/.test(value)) return undefined;
  const n = Number(value);
  return n >= DEADLINE_MIN && n <= DEADLINE_MAX ? n : undefined;
}
