import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten';
import { BOOTSTRAP_SOURCE, type SandboxHelperName } from './bootstrap-source';
import type { SandboxLogLevel } from './sandbox';

/** Handles of the helpers the bootstrap returned; only the host holds them. */
export type SandboxHelpers = Readonly<Record<SandboxHelperName, QuickJSHandle>>;

const HELPER_NAMES: readonly SandboxHelperName[] = ['evaluate', 'start', 'describe', 'ping', 'reset'];
const LOG_LEVELS: ReadonlySet<string> = new Set<SandboxLogLevel>(['debug', 'info', 'log', 'warn', 'error']);

/**
 * Hardens a fresh context and returns its helpers (see `bootstrap-source.ts`). `log` receives
 * the lines of `console.*` and must not throw (an exception would reach user code); without it
 * no host function is installed at all.
 *
 * @throws Error if the bootstrap fails (a bug: it runs before any user code).
 */
export function bootstrapContext(
  context: QuickJSContext,
  log: ((level: SandboxLogLevel, line: string) => void) | undefined,
): SandboxHelpers {
  const bootstrap = unwrap(
    context,
    context.evalCode(BOOTSTRAP_SOURCE, 'piecework-bootstrap.js', { strict: true }),
  );
  const hostLog = log
    ? context.newFunction('log', (level, line) => forwardLine(context, log, level, line))
    : undefined;
  try {
    const helpers = unwrap(
      context,
      context.callFunction(bootstrap, context.undefined, hostLog ?? context.undefined),
    );
    try {
      const entries = HELPER_NAMES.map((name) => [name, context.getProp(helpers, name)] as const);
      return Object.fromEntries(entries) as Record<SandboxHelperName, QuickJSHandle>;
    } finally {
      helpers.dispose();
    }
  } finally {
    hostLog?.dispose();
    bootstrap.dispose();
  }
}

function forwardLine(
  context: QuickJSContext,
  log: (level: SandboxLogLevel, line: string) => void,
  levelHandle: QuickJSHandle | undefined,
  lineHandle: QuickJSHandle | undefined,
): void {
  if (!levelHandle || !lineHandle) return;
  if (context.typeof(levelHandle) !== 'string' || context.typeof(lineHandle) !== 'string') return;
  const level = context.getString(levelHandle);
  if (LOG_LEVELS.has(level)) log(level as SandboxLogLevel, context.getString(lineHandle));
}

function unwrap(context: QuickJSContext, result: ReturnType<QuickJSContext['evalCode']>): QuickJSHandle {
  if (!result.error) return result.value;
  const dumped: unknown = context.dump(result.error);
  result.error.dispose();
  const details =
    typeof dumped === 'object' && dumped !== null && 'message' in dumped ? dumped.message : dumped;
  throw new Error(`The sandbox could not be prepared: ${String(details)}`);
}
