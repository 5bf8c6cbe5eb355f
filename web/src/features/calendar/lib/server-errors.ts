import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';

/**
 * A refused change as a form shows it: the server's message (a 409's "why not", a 400's summary)
 * and its field errors (first message per field). Null when there is no error.
 */
export function serverErrors(error: unknown): { message: string; fields: Record<string, string> } | null {
  if (!error) return null;
  const fields: Record<string, string> = {};
  if (isApiError(error)) {
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      if (messages[0]) fields[field] = messages[0];
    }
  }
  return { message: getErrorMessage(error, 'The change could not be saved. Please try again.'), fields };
}
