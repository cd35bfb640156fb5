/**
 * SCIM error messages: every failure of a SCIM route (a missing or wrong token, a body that does not
 * validate, a clash, an unknown id) is answered as `urn:ietf:params:scim:api:messages:2.0:Error`
 * with the HTTP status as a string and, where one fits, a `scimType` keyword. Services raise SCIM
 * specific failures with {@link scimFailure}, which carries its keyword in the error's params.
 */
import {
  PieceworkError,
  SCIM_ERROR_SCHEMA,
  ScimErrorType,
  type ErrorCode,
  type ScimError,
} from '@piecework/shared';
import type { ErrorResponse } from '../../infrastructure/http/error-response';

/**
 * A failure answered with `status` and SCIM keyword `scimType`: 400 for a bad filter, path or
 * value (code VALIDATION), 409 for a clash (code CONFLICT).
 */
export function scimFailure(status: 400 | 409, scimType: ScimErrorType, message: string): PieceworkError {
  const code: ErrorCode = status === 409 ? 'CONFLICT' : 'VALIDATION';
  return new PieceworkError(code, { message, scimType }, status);
}

/** The SCIM error message for the answer an error maps to (`RouteDefinition.errorBody`). */
export function scimErrorBody(answer: ErrorResponse): ScimError {
  const { code, params } = answer.body;
  const declared = ScimErrorType.safeParse(params['scimType']);
  const scimType = declared.success ? declared.data : implicitScimType(code, answer.status);
  const detail = typeof params['message'] === 'string' ? params['message'] : undefined;
  return {
    schemas: [SCIM_ERROR_SCHEMA],
    status: String(answer.status),
    ...(scimType === undefined ? {} : { scimType }),
    ...(detail === undefined ? {} : { detail }),
  };
}

/**
 * The keyword an error implies when it names none: a clash is `uniqueness`, a refused change (the
 * last active admin's deactivation) `mutability`, a bad request `invalidValue`.
 */
function implicitScimType(code: ErrorCode, status: number): ScimErrorType | undefined {
  if (code === 'CONFLICT' || code === 'EXISTING_USER') return 'uniqueness';
  if (code === 'VALIDATION' && status === 409) return 'mutability';
  if (status === 400) return 'invalidValue';
  return undefined;
}
