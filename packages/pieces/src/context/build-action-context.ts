import type { PieceRunRequest, StoreScope } from '@piecework/engine';
import type { ActionContext, PieceStore, PieceStoreScope } from './action-context';
import type { PieceServices } from './piece-services';
import { createRunHooks } from './run-hooks';
import { encodeStepFile, STEP_FILES_PATH, stepFileSaveName } from './step-files';

/** Everything an action call needs besides the request: its processed props and auth. */
export interface ActionCallInput {
  request: Omit<PieceRunRequest, 'services'>;
  services: PieceServices;
  propsValue: Record<string, unknown>;
  auth: unknown;
}

/** Store keys of a flow are prefixed like Activepieces': `flow_<flowId>/<key>`. */
/**
 * The key a piece's store entry is kept under, as Activepieces lays keys out: FLOW
 * keys prefixed `flow_<flowId>/`, test-mode keys `test_`. Use it to reach a piece's entry from
 * outside the piece (the server writing what a trigger's `onStart` writes).
 */
export function storedKey(flowId: string, key: string, scope: StoreScope, testMode: boolean): string {
  const prefixed = scope === 'FLOW' ? `flow_${flowId}/${key}` : key;
  return testMode ? `test_${prefixed}` : prefixed;
}

function storeFor(services: PieceServices, flowId: string, testMode: boolean): PieceStore {
  const scopeOf = (scope: PieceStoreScope | undefined): StoreScope =>
    scope === 'PROJECT' || scope === 'COLLECTION' ? 'PROJECT' : 'FLOW';
  const keyOf = (key: string, scope: StoreScope) => storedKey(flowId, key, scope, testMode);
  const check = (key: string) => {
    if (typeof key !== 'string' || key.length === 0 || key.length > 128)
      throw new Error('Store keys are 1 to 128 characters');
  };
  return {
    async put(key, value, scope) {
      check(key);
      const resolved = scopeOf(scope);
      await services.store.put(keyOf(key, resolved), value, resolved);
      return value;
    },
    async get(key, scope) {
      check(key);
      const resolved = scopeOf(scope);
      const value = await services.store.get(keyOf(key, resolved), resolved);
      return (value ?? null) as never;
    },
    async delete(key, scope) {
      check(key);
      const resolved = scopeOf(scope);
      await services.store.delete(keyOf(key, resolved), resolved);
    },
  };
}

/**
 * `ctx.files.write`: keeps the file in the host's file store and answers the URL a later step
 * reads it by — the server's signed, expiring `<apiUrl>v1/step-files/signed?token=...`, or
 * `<apiUrl>v1/step-files/<id>` from a host that does not sign (the in-process memory host).
 * Bytes are kept as they are; a string is its UTF-8 text, as Activepieces uploads it.
 */
async function writeStepFile(
  services: PieceServices,
  { fileName, data }: { fileName: string; data: Uint8Array | string },
): Promise<string> {
  const name = typeof fileName === 'string' && fileName !== '' ? fileName : 'file';
  const bytes = bytesOf(data);
  if (bytes === undefined) throw new Error('ctx.files.write takes its data as a Buffer (or a string)');
  const reference = await services.files.save(encodeStepFile(name, bytes), { name: stepFileSaveName(name) });
  return /^https?:\/\//i.test(reference)
    ? reference
    : `${services.urls.apiUrl}${STEP_FILES_PATH}/${encodeURIComponent(reference)}`;
}

function bytesOf(data: unknown): Uint8Array | undefined {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return undefined;
}

/**
 * Builds the context of one action call — the same object for built-in and npm pieces — and
 * returns it with `outcome(output)`, which turns the returned output and the hooks the action
 * called (stop, respond, pause, waitpoints) into the engine's `PieceRunOutcome`.
 */
export function buildActionContext({ request, services, propsValue, auth }: ActionCallInput) {
  const { run } = request;
  const runHooks = createRunHooks(run.id, services.urls.publicUrl, request.test);
  const ctx: ActionContext = {
    auth,
    propsValue,
    executionType: request.resume ? 'RESUME' : 'BEGIN',
    resumePayload: request.resume ?? { body: {}, headers: {}, queryParams: {} },
    store: storeFor(services, run.flowId, request.test),
    files: { write: (file) => writeStepFile(services, file) },
    server: { apiUrl: services.urls.apiUrl, publicUrl: services.urls.publicUrl, token: services.token ?? '' },
    serverUrl: services.urls.publicUrl,
    project: { id: run.projectId, externalId: async () => undefined },
    flows: {
      async list(params) {
        const data = services.listFlows ? await services.listFlows(params ?? {}) : [];
        return { data, next: null, previous: null };
      },
      current: { id: run.flowId, version: { id: run.flowVersionId } },
    },
    step: { name: request.stepName },
    connections: { get: (externalId) => services.connections.get(externalId) },
    tags: { add: async () => {} },
    output: { update: async () => {} },
    run: runHooks.hooks,
    generateResumeUrl: (params) => runHooks.generateResumeUrl(params),
  };
  return { ctx, outcome: runHooks.outcome };
}
