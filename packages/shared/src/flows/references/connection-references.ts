import { collectReferencedSteps } from './collect-referenced-steps';
import { mapStringsDeep } from './map-strings-deep';
import { findTemplateTokens } from './template-tokens';

const CONNECTIONS_ONLY: ReadonlySet<string> = new Set(['connections']);

/**
 * `connections` followed by a literal key: `['name']`, `["name"]`, `` [`name`] ``, `.name`, each
 * also after `?.`; not when `connections` is itself a property (`a.connections`) or part of a
 * longer name.
 */
const CONNECTION_KEY =
  /(?<![\w$.])connections\s*(?:(?:\?\.)?\s*\[\s*(?:'([^'\\\n\r]*)'|"([^"\\\n\r]*)"|`([^`\\$]*)`)\s*\]|(?:\?\.|\.)\s*([A-Za-z_$][\w$]*))/g;

/**
 * True when the `{{ }}` token `tokenText` (braces included) reads the `connections` variable:
 * as a free identifier, not as a property name, inside a string or shadowed by a parameter.
 *
 * @example
 * ```ts
 * readsConnection("{{ connections['slack'].token }}"); // true
 * readsConnection("{{ 'connections' }}"); // false
 * ```
 */
export function readsConnection(tokenText: string): boolean {
  return collectReferencedSteps(tokenText, CONNECTIONS_ONLY).size > 0;
}

function collectFromText(text: string, found: Set<string>): void {
  // Most strings never mention connections: skip tokenizing them.
  if (!text.includes('connections')) return;
  for (const token of findTemplateTokens(text)) {
    if (!readsConnection(text.slice(token.start, token.end))) {
      continue;
    }
    for (const match of token.expression.matchAll(CONNECTION_KEY)) {
      const name = match[1] ?? match[2] ?? match[3] ?? match[4];
      if (name !== undefined) {
        found.add(name);
      }
    }
  }
}

/**
 * The connection names a value reads through `{{ }}` tokens in any of its strings (recursively
 * through arrays and plain objects; keys are not read): `connections['name']`,
 * `connections["name"]`, `` connections[`name`] `` and `connections.name`, in plain paths and in
 * larger expressions alike. Fetch them before resolving and put them in the scope under
 * `connections` (name -> value); a name that cannot be fetched should fail the step, naming it.
 *
 * Only tokens in which `connections` is a free variable count, so `{{ 'connections.x' }}` and
 * `{{ a.connections.x }}` do not. Keys computed at run time (`connections[name]`) cannot be known
 * in advance: such an expression sees only the connections fetched for literal names. In a token
 * that does read `connections`, a string literal shaped like a connection key also counts (a
 * harmless over-approximation).
 *
 * @example
 * ```ts
 * findConnectionReferences({ auth: "{{connections['my-slack']}}", n: 1 }); // Set { 'my-slack' }
 * ```
 */
export function findConnectionReferences(value: unknown): Set<string> {
  const found = new Set<string>();
  mapStringsDeep(value, (text) => {
    collectFromText(text, found);
    return text;
  });
  return found;
}
