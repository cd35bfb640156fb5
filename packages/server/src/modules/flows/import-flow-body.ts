import { PieceworkError, migrateImportRequest } from '@piecework/shared';

/** Refusals that name a format we will never import; the others are left to schema validation. */
const REFUSED_FORMATS = new Set(['FORMAT_2022', 'UNKNOWN_STEP_TYPE', 'CODE_ARTIFACT']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `POST /v1/flows/:id` body with an IMPORT_FLOW request in an exported form (any wrapper,
 * any schema version) migrated to the current request; other operations and current requests
 * unchanged. A format that can never be imported (2022, fork-only step types) is refused with
 * 400 FLOW_OPERATION_INVALID `{message, reason, path}`; anything else that does not migrate is
 * left for the body's schema validation to report. Use it as the route's `prepareBody`.
 */
export function migrateImportFlowBody(body: unknown): unknown {
  if (!isRecord(body) || body.type !== 'IMPORT_FLOW') return body;
  const result = migrateImportRequest(body.request);
  if (result.ok) return { ...body, request: result.request };
  const { reason, message, path } = result.refusal;
  if (!REFUSED_FORMATS.has(reason)) return body;
  throw new PieceworkError('FLOW_OPERATION_INVALID', {
    message: `This flow cannot be imported: ${message}`,
    reason,
    ...(path === undefined ? {} : { path }),
  });
}
