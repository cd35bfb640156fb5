/**
 * SCIM `filter` expressions, parsed by the `scimmy` library. The lookups identity providers make
 * (`userName eq "..."`, `externalId eq "..."`, `emails.value eq "..."`, `displayName eq "..."`)
 * become one equality the repository answers with an indexed query; any other valid filter is
 * matched by `scimmy` against the resources themselves. A filter that does not parse is 400
 * `invalidFilter`.
 */
import SCIMMY from 'scimmy';
import { scimFailure } from './scim-error';

/** A parsed filter (a `scimmy` filter: its `match` keeps the resources that satisfy it). */
export type ScimFilter = InstanceType<typeof SCIMMY.Types.Filter>;

/**
 * How to answer a filter: every resource (`all`), those whose `attribute` equals `value` (one of
 * the attributes the caller can look up directly), or those `filter.match` keeps.
 */
export type ScimFilterPlan =
  | { readonly kind: 'all' }
  | { readonly kind: 'equals'; readonly attribute: string; readonly value: string }
  | { readonly kind: 'match'; readonly filter: ScimFilter };

/**
 * Plans `text` (absent: every resource). `lookups` are the attribute paths (lower case, dotted:
 * `emails.value`) the caller answers by equality itself.
 */
export function planScimFilter(text: string | undefined, lookups: readonly string[]): ScimFilterPlan {
  if (text === undefined || text.trim() === '') return { kind: 'all' };
  let filter: ScimFilter;
  try {
    filter = new SCIMMY.Types.Filter(text);
  } catch (error) {
    throw scimFailure(400, 'invalidFilter', error instanceof Error ? error.message : 'The filter is invalid');
  }
  const equality = singleEquality(filter);
  if (equality === 'incomplete') {
    throw scimFailure(400, 'invalidFilter', `The filter ${text} compares without a value`);
  }
  if (equality !== undefined && lookups.includes(equality.attribute)) {
    return { kind: 'equals', ...equality };
  }
  return { kind: 'match', filter };
}

/**
 * The one `attribute eq "value"` comparison `filter` is, with the attribute as a lower-case
 * dotted path; `incomplete` for a comparison without a value; undefined for any other filter.
 */
function singleEquality(filter: ScimFilter): { attribute: string; value: string } | 'incomplete' | undefined {
  if (filter.length !== 1) return undefined;
  let node: unknown = filter[0];
  const path: string[] = [];
  while (isRecord(node)) {
    const keys = Object.keys(node);
    if (keys.length !== 1) return undefined;
    const key = keys[0]!;
    path.push(key.toLowerCase());
    node = node[key];
  }
  if (!Array.isArray(node) || node[0] !== 'eq') return undefined;
  if (node.length < 2) return 'incomplete';
  const value: unknown = node[1];
  return typeof value === 'string' ? { attribute: path.join('.'), value } : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
