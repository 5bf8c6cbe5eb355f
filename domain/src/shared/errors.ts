/**
 * Why a command was refused, in domain terms. The command API maps the kind to an HTTP status
 * (invalid 400, unauthenticated 401, forbidden 403, not_found 404, conflict 409, gone 410).
 */
export type DomainErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'gone';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    /** Extra fields of the error body (e.g. a match's current `status` on ILLEGAL_TRANSITION). */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
