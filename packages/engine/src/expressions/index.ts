/**
 * The `{{ }}` resolver: turns a step's stored settings into the values it runs with, as
 * Activepieces does (see `docs/engine.md`, References and data). Plain paths are read directly
 * from the scope; other expressions are evaluated in the sandbox with only the steps they read.
 * Connections are fetched first (`findConnectionReferences`) and shown as `**REDACTED**` in the logged form.
 *
 * @example
 * ```ts
 * import { createResolutionScope, resolveValue } from './expressions';
 * const scope = createResolutionScope({ trigger: { output: { name: 'Ada' } } });
 * const evaluate = (expression, variables) => sandbox.evaluateExpression(expression, variables);
 * resolveValue({ greeting: "Hi {{trigger['output'].name}}" }, scope, evaluate); // { greeting: 'Hi Ada' }
 * ```
 * @module
 */
export { findConnectionReferences, readsConnection } from '@piecework/shared';
export { REDACTED } from './redacted';
export { parsePlainPath } from './plain-path';
export type { PathSegment, PlainPath } from './plain-path';
export { readPlainPath } from './read-plain-path';
export { createResolutionScope } from './resolution-scope';
export type { ExpressionEvaluator, ResolutionScope } from './resolution-scope';
export { resolveTemplate } from './resolve-template';
export type { ResolveOptions } from './resolve-template';
export { resolveValue, resolveValueWithLog } from './resolve-value';
export { SandboxLimitError } from './sandbox-limit-error';
export type { SandboxLimitFailure } from './sandbox-limit-error';
export { templateText } from './template-text';
