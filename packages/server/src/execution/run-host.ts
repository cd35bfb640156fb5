/**
 * The engine host of one run in the server: the process's piece runner and code bundler (npm
 * packages of code steps), the run project's connections (decrypted on demand) and flows, the
 * Store piece's storage, run files in the `file` table, logs to the server's logger grouped by
 * entity, and the real clock.
 */
import type { CodeBundler, EngineHost, LogLevel, PieceRunRequest, PieceRunner } from '@piecework/engine';
import type { Logger } from 'pino';
import { entityFields } from '../infrastructure/logging/create-logger';
import { readConnectionValue } from '../modules/connections/read-connection-value';
import { stepFilesOf } from '../modules/step-files/step-files';
import type { ServerBase } from '../server-context';
import { runFileStore } from './run-files';
import { runFlowLister } from './run-flows';
import { runKeyValueStore } from './run-key-value-store';

/** Which run, job and flow a host serves. */
export interface RunHostIds {
  runId: string;
  jobId: string;
  flowId: string;
  projectId: string;
}

/**
 * The run's services a piece call gets (`PieceRunRequest.services`): the project's connections,
 * the Store piece's storage, run files and the project's flows. Use it to run a piece action on
 * behalf of run `ids.runId` outside the engine (an agent's piece tools); `createRunHost` uses it.
 */
export function runServices(
  base: ServerBase,
  ids: Pick<RunHostIds, 'projectId' | 'flowId'> & Partial<Pick<RunHostIds, 'runId'>>,
  onFileSaved: (fileId: string) => void,
): PieceRunRequest['services'] {
  return {
    now: () => Date.now(),
    connections: { get: (externalId) => readConnectionValue(base, ids.projectId, externalId) },
    store: runKeyValueStore(base.store, ids, base.now),
    files: runFileStore(base.store, ids, base.now, onFileSaved, stepFilesOf(base)),
    flows: runFlowLister(base.store, ids.projectId),
  };
}

/**
 * A host for one execution of run `ids.runId` with the process's `services`; `onFileSaved`
 * hears of each file the run saves.
 */
export function createRunHost(
  base: ServerBase,
  services: { pieces: PieceRunner; code: CodeBundler },
  ids: RunHostIds,
  onFileSaved: (fileId: string) => void,
): EngineHost {
  const { pieces, code } = services;
  let logger: Logger | undefined;
  const runLogger = () =>
    (logger ??= base.logger.child(
      entityFields({ flowRunId: ids.runId, flowId: ids.flowId, projectId: ids.projectId, jobId: ids.jobId }),
    ));
  return {
    ...runServices(base, ids, onFileSaved),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    pieces,
    log: {
      log(level: LogLevel, message: string, fields?: Record<string, unknown>) {
        runLogger()[level](fields ?? {}, message);
      },
    },
    code,
  };
}
