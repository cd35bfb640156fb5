/**
 * How a piece step names its connection: `input.auth = "{{connections['<externalId>']}}"`, the
 * form the engine and the server resolve (`findConnectionReferences` in `@piecework/shared`).
 */

/** The `input.auth` value that selects the connection `externalId`. */
export function connectionReference(externalId: string): string {
  return `{{connections['${externalId.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}']}}`;
}

const REFERENCE = /^\{\{\s*connections\s*\[\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\s*\]\s*\}\}$/;

/** The external id an `input.auth` value selects, or undefined when it is not a plain reference. */
export function referencedConnection(auth: unknown): string | undefined {
  if (typeof auth !== 'string') return undefined;
  const match = REFERENCE.exec(auth.trim());
  const quoted = match?.[1] ?? match?.[2];
  return quoted?.replace(/\\(.)/g, '$1');
}
