import { DomainError, type DomainErrorKind } from '@sideline/domain';
import { HttpError } from '../shared/http-errors.ts';

const statusOfKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
};

/**
 * The socket gateway shows an error's message only when it carries a 4xx `statusCode` (anything
 * else is answered generically): give domain refusals theirs, as the HTTP error handler does.
 */
export function withStatus(error: unknown): unknown {
  if (error instanceof DomainError) return new HttpError(statusOfKind[error.kind], error.code, error.message);
  return error;
}
