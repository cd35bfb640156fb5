/**
 * Builders and calls for the flows module's tests: step and trigger requests, flow operations
 * over HTTP, folders put straight into the database, and the audit events of a platform.
 */
import {
  AuditEvent,
  type AuditEventAction,
  type BranchCondition,
  type AuditEventOf,
  generateId,
  type FlowOperation,
  type PopulatedFlow,
  type StepRequest,
  type TriggerRequest,
} from '@piecework/shared';
import { callApi, type ApiAnswer } from '../call-api';
import type { ApiServer, TestServer } from '../test-server';

/** A complete PIECE_TRIGGER request (a webhook), so that a version with it alone is valid. */
export function webhookTrigger(input: Record<string, unknown> = {}): TriggerRequest {
  return {
    name: 'trigger',
    displayName: 'Webhook',
    type: 'PIECE_TRIGGER',
    valid: true,
    settings: {
      pieceName: '@activepieces/piece-webhook',
      pieceVersion: '~0.1.29',
      triggerName: 'catch_webhook',
      propertySettings: {},
      input,
    },
  };
}

/**
 * The subflows piece's Callable Flow trigger with `sampleData` as its example: for a flow that
 * Call Flow, or an agent's FLOW tool (its parameters typed from the sample), calls.
 */
export function callableFlowTrigger(sampleData: unknown): TriggerRequest {
  return {
    name: 'trigger',
    displayName: 'Callable Flow',
    type: 'PIECE_TRIGGER',
    valid: true,
    settings: {
      pieceName: '@activepieces/piece-subflows',
      pieceVersion: '0.6.3',
      triggerName: 'callableFlow',
      propertySettings: {},
      input: { mode: 'simple', exampleData: { sampleData } },
    },
  };
}

/** A CODE step request that answers its input. */
export function codeStep(name: string, input: Record<string, unknown> = {}): StepRequest {
  return code(name, 'return inputs;', input);
}

/** A ROUTER step (first match): branch `branchName` when `condition` holds, else the fallback. */
export function routerStep(name: string, branchName: string, condition: BranchCondition): StepRequest {
  return {
    name,
    displayName: `Router ${name}`,
    type: 'ROUTER',
    valid: true,
    settings: {
      executionType: 'EXECUTE_FIRST_MATCH',
      branches: [
        { branchType: 'CONDITION', branchName, conditions: [[condition]] },
        { branchType: 'FALLBACK', branchName: 'Otherwise' },
      ],
    },
  };
}

/** A CODE step whose code is `async (inputs) => { body }`. */
export function code(name: string, body: string, input: Record<string, unknown> = {}): StepRequest {
  return {
    name,
    displayName: `Code ${name}`,
    type: 'CODE',
    valid: true,
    settings: {
      sourceCode: { code: `export const code = async (inputs) => { ${body} };`, packageJson: '{}' },
      input,
    },
  };
}

/** A LOOP_ON_ITEMS step over `items`. */
export function loopOver(name: string, items: string): StepRequest {
  return { name, displayName: `Loop ${name}`, type: 'LOOP_ON_ITEMS', valid: true, settings: { items } };
}

/** The built-in webhook piece's Return Response (JSON), stopping the flow by default. */
export function returnResponse(
  name: string,
  fields: { status?: number; headers?: Record<string, string>; body: unknown },
  respond: 'stop' | 'respond' = 'stop',
): StepRequest {
  return {
    name,
    displayName: 'Return Response',
    type: 'PIECE',
    valid: true,
    settings: {
      pieceName: '@activepieces/piece-webhook',
      pieceVersion: '~0.1.29',
      actionName: 'return_response',
      propertySettings: {},
      input: { responseType: 'json', respond, fields },
    },
  };
}

/**
 * A PIECE step request of a built-in piece (the HTTP piece: available on every server);
 * `valid: false` makes the version unpublishable.
 */
export function pieceStep(name: string, input: Record<string, unknown> = {}, valid = true): StepRequest {
  return {
    name,
    displayName: `Piece ${name}`,
    type: 'PIECE',
    valid,
    settings: {
      pieceName: '@activepieces/piece-http',
      pieceVersion: '^0.5.0',
      actionName: 'send_request',
      propertySettings: {},
      input,
    },
  };
}

/** The operation adding `step` after `parentStep`. */
export function addAction(step: StepRequest, parentStep = 'trigger'): FlowOperation {
  return { type: 'ADD_ACTION', request: { parentStep, action: step } };
}

/** Steps after the webhook trigger, each after the previous one. */
export function chainOf(...steps: StepRequest[]): FlowOperation[] {
  return steps.map((step, index) => addAction(step, index === 0 ? 'trigger' : steps[index - 1]!.name));
}

/** Flow calls as one user (or API key) with `token`. */
export function flowsApi(server: ApiServer, token: string) {
  const call = <T = PopulatedFlow>(
    method: string,
    path: string,
    options: { body?: unknown; query?: Record<string, string> } = {},
  ) => callApi<T>(server.apiUrl, method, path, { token, ...options });
  return {
    create: (body: Record<string, unknown>) => call('POST', '/v1/flows', { body }),
    get: (id: string, query?: Record<string, string>) =>
      call('GET', `/v1/flows/${id}`, query ? { query } : {}),
    operate: (id: string, operation: FlowOperation) => call('POST', `/v1/flows/${id}`, { body: operation }),
    delete: (id: string) => call<undefined>('DELETE', `/v1/flows/${id}`),
    list: (query: Record<string, string>) =>
      call<{ data: PopulatedFlow[]; next: string | null; previous: string | null }>('GET', '/v1/flows', {
        query,
      }),
    count: (query: Record<string, string>) => call<number>('GET', '/v1/flows/count', { query }),
    versions: (id: string, query: Record<string, string> = {}) =>
      call<{ data: PopulatedFlow['version'][]; next: string | null; previous: string | null }>(
        'GET',
        `/v1/flows/${id}/versions`,
        { query },
      ),
    /** Creates a flow and answers its body (fails the test when creation fails). */
    async createFlow(projectId: string, displayName = 'My flow', extra: Record<string, unknown> = {}) {
      const answer = await call('POST', '/v1/flows', { body: { projectId, displayName, ...extra } });
      return expectStatus(answer, 201);
    },
    /** Applies operations in order; answers the last flow (fails the test when one is refused). */
    async apply(id: string, ...operations: FlowOperation[]): Promise<PopulatedFlow> {
      let flow: PopulatedFlow | undefined;
      for (const operation of operations)
        flow = expectStatus(await call('POST', `/v1/flows/${id}`, { body: operation }), 200);
      return flow!;
    },
  };
}

/** The body of `answer` when it has `status`; otherwise throws with the body, to show in the failure. */
export function expectStatus<T>(answer: ApiAnswer<T>, status: number): T {
  if (answer.status !== status) {
    throw new Error(
      `expected ${String(status)}, got ${String(answer.status)}: ${JSON.stringify(answer.body)}`,
    );
  }
  return answer.body;
}

/** Inserts a folder into `projectId` directly and answers its id. */
export async function insertFolder(
  server: TestServer,
  projectId: string,
  displayName = `Folder ${generateId()}`,
) {
  const { context } = server.server;
  const id = generateId();
  const now = context.now();
  await context.store.write((trx) =>
    trx.insertInto('folder').values({ id, projectId, displayName, created: now, updated: now }).execute(),
  );
  return id;
}

/**
 * The audit events of a platform, oldest first (by time, then by time-ordered id), parsed with the
 * shared `AuditEvent` schema.
 */
export async function auditEventsOf(server: TestServer, platformId: string): Promise<AuditEvent[]> {
  const rows = await server.server.context.store.db
    .selectFrom('auditEvent')
    .selectAll()
    .where('platformId', '=', platformId)
    .orderBy('created')
    .orderBy('id')
    .execute();
  return rows.map((row) =>
    AuditEvent.parse({
      id: row.id,
      created: row.created,
      updated: row.created,
      platformId: row.platformId,
      action: row.action,
      data: JSON.parse(row.data) as unknown,
      ...(row.projectId === null ? {} : { projectId: row.projectId }),
      ...(row.projectDisplayName === null ? {} : { projectDisplayName: row.projectDisplayName }),
      ...(row.userId === null ? {} : { userId: row.userId }),
      ...(row.userEmail === null ? {} : { userEmail: row.userEmail }),
      ...(row.ip === null ? {} : { ip: row.ip }),
    }),
  );
}

/** The flow's events, oldest first (only those of `action`, if given). */
export async function flowEvents<A extends AuditEventAction = AuditEventAction>(
  server: TestServer,
  platformId: string,
  flowId: string,
  action?: A,
): Promise<AuditEventOf<A>[]> {
  const events = await auditEventsOf(server, platformId);
  return events.filter(
    (event) =>
      event.action.startsWith('flow.') &&
      (event.data as { flow?: { id: string } }).flow?.id === flowId &&
      (action === undefined || event.action === action),
  ) as AuditEventOf<A>[];
}
