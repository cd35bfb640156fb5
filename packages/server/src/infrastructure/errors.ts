/**
 * The server's shorthands for the errors routes throw. Every one is a `PieceworkError`, answered
 * by the one error handler as `{code, params}` with the code's status.
 */
import { PieceworkError, type ErrorParams } from '@piecework/shared';

/** A request that does not match its schema (or an unreadable cursor): VALIDATION with 400. */
export function invalidRequest(message: string, params: ErrorParams = {}): PieceworkError {
  return new PieceworkError('VALIDATION', { ...params, message }, 400);
}

/** A business rule refused the request: VALIDATION with 409. */
export function ruleViolation(message: string, params: ErrorParams = {}): PieceworkError {
  return new PieceworkError('VALIDATION', { ...params, message });
}

/** The entity does not exist, or the caller may not know it exists: ENTITY_NOT_FOUND (404). */
export function notFound(entityType: string, entityId: string): PieceworkError {
  return new PieceworkError('ENTITY_NOT_FOUND', {
    message: `${entityType} ${entityId} was not found`,
    entityType,
    entityId,
  });
}

/** The caller is known but may not do this: PERMISSION_DENIED (403). */
export function permissionDenied(message: string, params: ErrorParams = {}): PieceworkError {
  return new PieceworkError('PERMISSION_DENIED', { ...params, message });
}
