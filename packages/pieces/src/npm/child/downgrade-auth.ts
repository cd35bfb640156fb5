import type { ContextVersion } from '../piece-metadata';

/**
 * The connection value as a piece of `contextVersion` expects it: pieces built before context
 * versions (V0) get a secret text as the bare string and a custom auth as its bare props;
 * later pieces get the value unchanged.
 */
export function authForContext(value: unknown, contextVersion: ContextVersion): unknown {
  if (contextVersion !== undefined || typeof value !== 'object' || value === null) return value;
  const connection = value as { type?: unknown; secret_text?: unknown; props?: unknown };
  if (connection.type === 'SECRET_TEXT') return connection.secret_text;
  if (connection.type === 'CUSTOM_AUTH') return connection.props;
  return value;
}
