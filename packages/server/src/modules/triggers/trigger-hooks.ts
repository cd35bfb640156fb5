/**
 * Calls a hook of a flow's piece trigger (built-in or npm, through `ctx.pieces.triggers()`) with
 * the services of the flow's project: its store (the pieces layer scopes keys per flow as
 * Activepieces does: `flow_<flowId>/<key>`, `test_` in test mode), files kept with the
 * flow, its connections, the server's URLs and the SSRF allow list. The trigger's `auth` input
 * (`{{connections['ext-id']}}`) is resolved to the connection's value first. Never call it
 * inside a write transaction: an npm hook runs in a piece process and can take seconds.
 */
import type { KeyValueStore } from '@piecework/engine';
import {
  SCHEDULE_PIECE_NAME,
  type PieceServices,
  type TriggerHook,
  type TriggerPayload,
  type TriggerRunOutcome,
} from '@piecework/pieces';
import type { PieceTrigger, Trigger } from '@piecework/shared';
import { readConnectionValue } from '../connections/read-connection-value';
import { resolveAuthReference } from '../connections/resolve-auth-reference';
import { runFileStore } from '../../execution/run-files';
import { stepFilesOf } from '../step-files/step-files';
import { runKeyValueStore } from '../../execution/run-key-value-store';
import type { ServerBase } from '../../server-context';
import { createTablesHost } from '../tables/tables-piece-host';

/** The trigger of one flow version, as its hooks are called. */
export interface HookedTrigger {
  flowId: string;
  projectId: string;
  flowVersionId: string;
  trigger: PieceTrigger;
}

/** How one hook is called: test mode, payload, store (default: the project's, written at once). */
export interface HookCall {
  hook: TriggerHook;
  test?: boolean;
  payload?: TriggerPayload;
  isRepublish?: boolean;
  store?: KeyValueStore;
}

/**
 * True for a trigger whose hooks the server calls: a piece trigger of any piece but the schedule
 * piece (whose schedule the server reads without running it: `modules/schedules`).
 */
export function hasTriggerHooks(trigger: Trigger): trigger is PieceTrigger {
  return trigger.type === 'PIECE_TRIGGER' && trigger.settings.pieceName !== SCHEDULE_PIECE_NAME;
}

/** `<piece>@<version>` trigger `<name>`, as messages name a trigger. */
export function triggerLabel(trigger: PieceTrigger): string {
  const { pieceName, pieceVersion, triggerName } = trigger.settings;
  return `${triggerName ?? ''} of ${pieceName}@${pieceVersion}`;
}

/** Calls `call.hook` of `target`'s trigger; a connection that cannot be read fails the call. */
export async function callTriggerHook(
  ctx: ServerBase,
  target: HookedTrigger,
  call: HookCall,
): Promise<TriggerRunOutcome> {
  const { settings } = target.trigger;
  let auth: unknown;
  try {
    auth = await resolveAuthReference(ctx, target.projectId, settings.input['auth']);
  } catch (error) {
    return { status: 'FAILED', message: (error as Error).message };
  }
  const input = settings.input['auth'] === undefined ? settings.input : { ...settings.input, auth };
  return ctx.pieces.triggers().run(
    {
      pieceName: settings.pieceName,
      pieceVersion: settings.pieceVersion,
      triggerName: settings.triggerName ?? '',
      hook: call.hook,
      input,
      propertySettings: settings.propertySettings,
      run: {
        id: target.flowVersionId,
        flowId: target.flowId,
        flowVersionId: target.flowVersionId,
        projectId: target.projectId,
        environment: call.test === true ? 'TESTING' : 'PRODUCTION',
      },
      webhookUrl: `${ctx.settings.publicUrl}api/v1/webhooks/${target.flowId}`,
      ...(call.payload === undefined ? {} : { payload: call.payload }),
      test: call.test ?? false,
      isRepublish: call.isRepublish ?? false,
      stepName: target.trigger.name,
    },
    triggerServices(ctx, target, call.store),
  );
}

/** The services of a trigger hook of `target`'s flow. */
function triggerServices(ctx: ServerBase, target: HookedTrigger, store?: KeyValueStore): PieceServices {
  const { publicUrl, config } = ctx.settings;
  const ids = { projectId: target.projectId, flowId: target.flowId };
  return {
    store: store ?? runKeyValueStore(ctx.store, ids, ctx.now),
    files: runFileStore(ctx.store, ids, ctx.now, () => undefined, stepFilesOf(ctx)),
    connections: { get: (externalId) => readConnectionValue(ctx, target.projectId, externalId) },
    urls: { apiUrl: `${publicUrl}api/`, publicUrl: `${publicUrl}api/` },
    ssrfAllowList: config.ssrfAllowList,
    now: () => Date.now(),
    tables: createTablesHost(ctx),
  };
}
