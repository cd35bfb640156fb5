/**
 * The `{{ }}` reference rewriter: finds template tokens in step-input strings and rewrites the
 * step identifiers of their JavaScript expressions (rename on duplicate, old-to-NESTED dialect
 * upgrade on import), without ever evaluating them.
 *
 * @example
 * ```ts
 * import { mapStringsDeep, upgradeToNestedDialect } from './references';
 * const input = mapStringsDeep(step.settings.input, (s) => upgradeToNestedDialect(s, stepNames));
 * ```
 * @module
 */
export { collectReferencedSteps } from './collect-referenced-steps';
export { findConnectionReferences, readsConnection } from './connection-references';
export { mapStringsDeep } from './map-strings-deep';
export { readPlainReference } from './plain-reference';
export type { PlainReference } from './plain-reference';
export { renameStepReferences } from './rename-step-references';
export { findTemplateTokens, mapTemplateExpressions } from './template-tokens';
export type { TemplateToken } from './template-tokens';
export { upgradeToNestedDialect } from './upgrade-to-nested-dialect';
