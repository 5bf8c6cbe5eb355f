import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type DomainErrorKind } from '@sideline/domain';
import { WrongExpectedRevisionError } from '@sideline/infra';

/** A refusal raised by route code (not the domain): carries its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** Seconds, sent as Retry-After (429, 503). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

const statusOfKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
};

/** Every error leaves as `{ message, code }` (plus `fieldErrors` on 400s) with a fitting status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (fieldErrors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      return reply
        .status(400)
        .send({ message: 'Please check the highlighted fields', code: 'VALIDATION', fieldErrors });
    }
    if (error instanceof HttpError) {
      if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
      return reply.status(error.statusCode).send({
        message: error.message,
        code: error.code,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      });
    }
    if (error instanceof DomainError) {
      return reply
        .status(statusOfKind[error.kind])
        .send({ ...error.details, message: error.message, code: error.code });
    }
    if (error instanceof WrongExpectedRevisionError) {
      return reply
        .status(409)
        .send({ message: 'Someone else changed this at the same time; please try again', code: 'CONFLICT' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: 'Something went wrong on our side', code: 'INTERNAL' });
    }
    // Fastify's own client errors (413 body too large, 415, 429 from the rate limiter, ...).
    return reply.status(status).send({ message: error.message, code: error.code ?? 'BAD_REQUEST' });
  });
}
