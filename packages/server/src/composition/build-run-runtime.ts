/**
 * The run machinery stage of the server's assembly: the runtime over the server base, on the
 * scale-out queue and signals when there are some, with the tables piece's host and the port of
 * the services connected later (`run-services.ts`).
 */
import type { RunRuntimeOptions } from '../execution/create-run-runtime';
import { createRunRuntime } from '../execution/create-run-runtime';
import type { RunRuntime } from '../execution/run-runtime';
import { createTablesHost } from '../modules/tables/tables-piece-host';
import { testedStepEndWrite } from '../modules/sample-data/tested-step-sample';
import type { Infrastructure } from './open-infrastructure';
import { createRunServices, type RunServices } from './run-services';

/** What {@link buildRunRuntime} builds. */
export interface BuiltRunRuntime {
  readonly runs: RunRuntime;
  /** The port the runtime calls the server through; connect it with `connectRunServices`. */
  readonly services: RunServices;
}

/**
 * Builds the run machinery of this process: `runOptions` over the defaults, the role's
 * `executes`, and the scale-out parts (whose workers take up only expired leases at start).
 */
export function buildRunRuntime(
  infrastructure: Infrastructure,
  runOptions: RunRuntimeOptions | undefined,
): BuiltRunRuntime {
  const { base, scaleOut } = infrastructure;
  const services = createRunServices();
  const runs = createRunRuntime(base, {
    // The tables piece writes records on the base, whose record events the context shares.
    tables: createTablesHost(base),
    agentToolbox: services.agentToolbox,
    // A single-step test's end saves the tested step's sample data with it.
    runEndWrite: testedStepEndWrite(base),
    ...runOptions,
    leaseMs: infrastructure.leaseMs,
    executes: infrastructure.executes,
    ...(scaleOut === undefined
      ? {}
      : {
          queue: scaleOut.queue,
          signals: scaleOut.signals,
          admission: scaleOut.registry,
          takeOverOnStart: false,
        }),
  });
  return { runs, services };
}
