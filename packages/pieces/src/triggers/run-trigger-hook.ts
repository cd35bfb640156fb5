import type { PieceServices } from '../context/piece-services';
import type { PieceDefinition, TriggerContext, TriggerDefinition } from '../framework/piece-definition';
import { prepareStepProps } from '../npm/child/prepare-step-props';
import { buildTriggerContext, type NpmTriggerContext } from '../npm/build-trigger-context';
import { errorMessage } from '../errors/error-message';
import type { ContextVersion } from '../npm/piece-metadata';
import type { TriggerRenewal, TriggerRunOutcome, TriggerRunRequest } from './trigger-request';

type Hook = (this: TriggerDefinition, ctx: TriggerContext) => Promise<unknown>;

/** A piece whose trigger hooks can be called: its definition and the context contract it expects. */
export interface TriggerPiece {
  definition: PieceDefinition;
  contextVersion: ContextVersion;
}

/**
 * Calls one hook of a trigger of `piece` in this process (an npm piece's process, or the server
 * for a built-in piece), with the props processed like an action's. `run` and `test` must give
 * an array (nothing counts as none); `test` falls back to `run` when the trigger has no `test`;
 * a hook the trigger does not have does nothing. The outcome carries the schedule and listeners
 * the hook set, the trigger's strategy and its renewal schedule. `prepare` sees the context
 * before the hook runs (built-in pieces bind their environment there).
 */
export async function runTriggerHook(
  piece: TriggerPiece,
  request: TriggerRunRequest,
  services: PieceServices,
  prepare: (ctx: NpmTriggerContext) => void = () => undefined,
): Promise<TriggerRunOutcome> {
  const { definition } = piece;
  const label = `${definition.name}@${definition.version}`;
  const trigger = definition.triggers[request.triggerName];
  if (!trigger)
    return { status: 'FAILED', message: `Piece ${label} has no trigger named '${request.triggerName}'` };
  const facts = { strategy: trigger.type, ...renewalOf(trigger) };
  const hook = hookOf(trigger, request.hook);
  if (!hook) return { status: 'SUCCEEDED', output: undefined, listeners: [], ...facts };
  const { auth: authValue, ...input } = request.input;
  try {
    const processed = await prepareStepProps({
      piece,
      props: trigger.props,
      requireAuth: trigger.requireAuth,
      input,
      authValue,
      propertySettings: request.propertySettings,
      services,
      projectId: request.run.projectId,
      stepName: request.stepName ?? 'trigger',
    });
    if (!processed.ok) return { status: 'FAILED', message: processed.message };
    const { ctx, collected } = buildTriggerContext({
      request,
      services,
      propsValue: processed.propsValue,
      auth: processed.auth,
    });
    prepare(ctx);
    const output = await hook.call(trigger, ctx);
    const returnsItems = request.hook === 'run' || request.hook === 'test';
    if (returnsItems && output !== undefined && output !== null && !Array.isArray(output)) {
      return {
        status: 'FAILED',
        message: `Trigger ${request.triggerName} of ${label} returned ${typeof output} from ${request.hook}, expected an array of payloads`,
      };
    }
    const { schedule, listeners } = collected();
    return {
      status: 'SUCCEEDED',
      output: returnsItems ? (output ?? []) : output,
      ...(schedule ? { schedule } : {}),
      listeners,
      ...facts,
    };
  } catch (error) {
    return { status: 'FAILED', message: errorMessage(error) };
  }
}

function hookOf(trigger: TriggerDefinition, name: TriggerRunRequest['hook']): Hook | undefined {
  const hooks = trigger as unknown as Record<string, unknown>;
  const hook = hooks[name] ?? (name === 'test' ? hooks.run : undefined);
  return typeof hook === 'function' ? (hook as Hook) : undefined;
}

/** The trigger's `renewConfiguration` when it renews on a cron schedule. */
function renewalOf(trigger: TriggerDefinition): { renewal?: TriggerRenewal } {
  const config = (
    trigger as unknown as { renewConfiguration?: { strategy?: unknown; cronExpression?: unknown } }
  ).renewConfiguration;
  return config?.strategy === 'CRON' && typeof config.cronExpression === 'string'
    ? { renewal: { cronExpression: config.cronExpression } }
    : {};
}
