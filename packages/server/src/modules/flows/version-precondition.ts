/**
 * Edit conflicts between two tabs (or users): `POST /v1/flows/:id` may carry `If-Match` with the
 * `updated` of the flow's latest version as the caller last saw it. The operation applies only
 * while that version is unchanged; checked inside the operation's write transaction, with the
 * flow's row locked, so no other edit can slip in between. Without the header nothing is checked.
 */
import { PieceworkError, type FlowVersion } from '@piecework/shared';

/** The `updated` values of the latest version the caller accepts, or `'*'` for any. */
export interface VersionPrecondition {
  readonly accepted: readonly string[] | '*';
}

/**
 * The precondition an `If-Match` header carries, or undefined without one. Values may be quoted
 * (`"2026-01-02T03:04:05.678901Z"`, as an ETag) or bare, weak (`W/"..."`) or a list; `*` accepts
 * any version.
 */
export function versionPreconditionOf(
  header: string | string[] | undefined,
): VersionPrecondition | undefined {
  if (header === undefined) return undefined;
  const values = (Array.isArray(header) ? header : [header])
    .flatMap((value) => value.split(','))
    .map((value) =>
      value
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    );
  return values.includes('*') ? { accepted: '*' } : { accepted: values };
}

/**
 * Throws 409 CONFLICT (nothing applied) when `version` is not one `precondition` accepts; the
 * params carry the version's current `updated`, so the caller can tell it reloaded the right one.
 */
export function assertVersionUnchanged(
  precondition: VersionPrecondition | undefined,
  version: FlowVersion,
): void {
  if (precondition === undefined || precondition.accepted === '*') return;
  if (precondition.accepted.includes(version.updated)) return;
  throw new PieceworkError('CONFLICT', {
    message: 'The flow was changed since you loaded it (by another tab or user); reload it',
    currentUpdated: version.updated,
  });
}
