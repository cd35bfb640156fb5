import { collectReferencedSteps, type TemplateToken } from '@piecework/shared';
import { plainPathOf } from './template-analysis';
import { readPlainPath } from './read-plain-path';
import type { ExpressionEvaluator, ResolutionScope } from './resolution-scope';
import { SandboxLimitError } from './sandbox-limit-error';

/**
 * Resolves single `{{ }}` tokens against one scope; made once per resolution call so the scope's
 * names are read only once.
 *
 * - An empty expression resolves to `undefined`.
 * - A plain path (see `parsePlainPath`) is read from the scope directly (`readPlainPath`), never
 *   through the sandbox: a root that is not in scope gives `undefined`.
 * - Any other expression goes to `evaluate` with ONLY the names in scope it reads as free
 *   variables (`collectReferencedSteps`), so only those are marshalled into the sandbox. An
 *   unknown step is then simply not defined there, and its ReferenceError gives `undefined`.
 * - An ERROR failure gives `undefined`; a TIMEOUT or MEMORY_LIMIT_EXCEEDED failure throws
 *   {@link SandboxLimitError}.
 */
export class ExpressionResolver {
  private names: ReadonlySet<string> | undefined;

  constructor(
    private readonly scope: ResolutionScope,
    private readonly evaluate: ExpressionEvaluator,
  ) {}

  /** The value of `token`, found in `text` (`undefined` when it has none). */
  resolve(token: TemplateToken, text: string): unknown {
    const expression = token.expression.trim();
    if (expression === '') {
      return undefined;
    }
    const path = plainPathOf(expression);
    if (path !== null) {
      return readPlainPath(this.scope, path);
    }
    const referenced = collectReferencedSteps(text.slice(token.start, token.end), this.scopeNames());
    const variables = Object.fromEntries([...referenced].map((name) => [name, this.scope.get(name)]));
    const outcome = this.evaluate(expression, variables);
    if (outcome.ok) {
      return outcome.value;
    }
    const { failure } = outcome;
    switch (failure.kind) {
      case 'ERROR':
        return undefined;
      case 'TIMEOUT':
      case 'MEMORY_LIMIT_EXCEEDED':
        throw new SandboxLimitError(failure, expression);
      default: {
        const unknown: never = failure;
        throw new Error(`Unknown sandbox failure: ${String((unknown as { kind: unknown }).kind)}`);
      }
    }
  }

  private scopeNames(): ReadonlySet<string> {
    if (this.names === undefined) {
      const names = this.scope.names();
      this.names =
        this.scope.has('connections') && !names.has('connections')
          ? new Set([...names, 'connections'])
          : names;
    }
    return this.names;
  }
}
