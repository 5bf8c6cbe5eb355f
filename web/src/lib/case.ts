/** `created_at` → `createdAt`; leaves already camelCased keys alone. */
export function snakeToCamel(key: string): string {
  return key.replace(/([a-z0-9])_+([a-z0-9])/gi, (_, before: string, after: string) => before + after.toUpperCase());
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Converts every object key from snake_case to camelCase, at all depths (arrays included). */
export function camelizeKeys<T = unknown>(value: unknown): T {
  if (Array.isArray(value)) return value.map((item) => camelizeKeys(item)) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[snakeToCamel(key)] = camelizeKeys(inner);
    return out as T;
  }
  return value as T;
}
