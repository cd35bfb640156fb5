import { createMemoryHost } from '@piecework/engine';
import type { PieceRunOutcome, PieceRunRequest } from '@piecework/engine';
import { buildActionContext } from '../../context/build-action-context';
import type { PieceServices } from '../../context/piece-services';
import type { PieceDefinition, TriggerContext } from '../../framework/piece-definition';
import { callBuiltinAction } from '../call-builtin-action';

/** The fixed clock of built-in piece tests: 2026-01-15T10:00:00.000Z. */
export const TEST_NOW = Date.parse('2026-01-15T10:00:00.000Z');

/** The server URLs of built-in piece tests (api and public alike). */
export const TEST_URL = 'http://localhost:3000/api/';

/**
 * In-memory services for built-in piece tests: the engine's memory host for store, files and
 * connections, `http://localhost:3000/api/` URLs, an SSRF allow list of `127.0.0.1/32` (local
 * test servers only) and the fixed clock {@link TEST_NOW}. Override any field.
 */
export function testServices(overrides: Partial<PieceServices> = {}): PieceServices {
  const host = createMemoryHost({ now: () => TEST_NOW });
  return {
    store: host.store,
    files: host.files,
    connections: host.connections,
    urls: { apiUrl: TEST_URL, publicUrl: TEST_URL },
    token: 'test-token',
    listFlows: async () => [],
    ssrfAllowList: ['127.0.0.1/32'],
    now: () => TEST_NOW,
    ...overrides,
  };
}

/** A piece call request for tests (flow `flow_1`, run `run_1`); override any field. */
export function testRequest(
  overrides: Partial<Omit<PieceRunRequest, 'services'>> = {},
): Omit<PieceRunRequest, 'services'> {
  return {
    pieceName: '@activepieces/piece-test',
    pieceVersion: '0.0.0',
    actionName: 'test',
    stepName: 'step_1',
    input: {},
    propertySettings: {},
    run: {
      id: 'run_1',
      flowId: 'flow_1',
      flowVersionId: 'flow_version_1',
      projectId: 'project_1',
      environment: 'PRODUCTION',
    },
    test: false,
    ...overrides,
  };
}

/** Options of {@link runAction}. */
export interface RunActionOptions {
  services?: PieceServices;
  request?: Partial<Omit<PieceRunRequest, 'services'>>;
  auth?: unknown;
  /** In-process waits (default: instant, recording nothing). */
  sleep?: (ms: number) => Promise<void>;
}

/** Runs `piece`'s action `actionName` with `propsValue` through {@link callBuiltinAction}. */
export function runAction(
  piece: PieceDefinition,
  actionName: string,
  propsValue: Record<string, unknown>,
  options: RunActionOptions = {},
): Promise<PieceRunOutcome> {
  const action = piece.actions[actionName];
  if (!action) throw new Error(`${piece.name} has no action ${actionName}`);
  return callBuiltinAction(action, {
    request: testRequest({
      pieceName: piece.name,
      pieceVersion: piece.version,
      actionName,
      ...options.request,
    }),
    services: options.services ?? testServices(),
    propsValue,
    auth: options.auth,
    sleep: options.sleep ?? (async () => {}),
  });
}

/** A trigger context for tests, and the schedules its hooks set. */
export function testTriggerContext(
  options: {
    propsValue?: Record<string, unknown>;
    payload?: Partial<TriggerContext['payload']>;
    services?: PieceServices;
    runId?: string;
  } = {},
) {
  const services = options.services ?? testServices();
  const request = testRequest();
  const { ctx: actionCtx } = buildActionContext({
    request,
    services,
    propsValue: options.propsValue ?? {},
    auth: undefined,
  });
  const { run: _run, executionType: _type, resumePayload: _resume, ...shared } = actionCtx;
  const schedules: { cronExpression: string; timezone?: string }[] = [];
  const ctx: TriggerContext = {
    ...shared,
    webhookUrl: `${TEST_URL}v1/webhooks/${request.run.flowId}`,
    payload: { body: {}, headers: {}, queryParams: {}, ...options.payload },
    setSchedule: (schedule) => void schedules.push(schedule),
    run: { id: options.runId ?? request.run.id },
  };
  return { ctx, schedules };
}
