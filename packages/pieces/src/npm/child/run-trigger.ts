import type { PieceServices } from '../../context/piece-services';
import type { TriggerContext, TriggerDefinition } from '../../framework/piece-definition';
import { processProps } from '../../props';
import { buildTriggerContext } from '../build-trigger-context';
import { errorMessage } from '../error-message';
import type { LoadedPiece } from '../load-piece-module';
import type { TriggerRunOutcome, TriggerRunRequest } from '../trigger-request';
import { authForContext } from './downgrade-auth';
import { withDynamicSchemas } from './dynamic-schemas';

type Hook = (this: TriggerDefinition, ctx: TriggerContext) => Promise<unknown>;

/**
 * Calls one hook of a trigger of a loaded npm piece, in the piece process, with the props
 * processed like an action's. `run` and `test` must give an array (nothing counts as none);
 * `test` falls back to `run` when the trigger has no `test`; a hook the trigger does not have
 * does nothing. The outcome carries the schedule and listeners the hook set.
 */
export async function runNpmTrigger(
  piece: LoadedPiece,
  request: TriggerRunRequest,
  services: PieceServices,
): Promise<TriggerRunOutcome> {
  const { definition } = piece;
  const label = `${definition.name}@${definition.version}`;
  const trigger = definition.triggers[request.triggerName];
  if (!trigger)
    return { status: 'FAILED', message: `Piece ${label} has no trigger named '${request.triggerName}'` };
  const hook = hookOf(trigger, request.hook);
  if (!hook) return { status: 'SUCCEEDED', output: undefined, listeners: [] };
  const { auth: authValue, ...input } = request.input;
  try {
    const propertySettings = await withDynamicSchemas({
      props: trigger.props,
      input,
      auth: authValue,
      propertySettings: request.propertySettings,
      services,
      projectId: request.run.projectId,
      stepName: request.stepName ?? 'trigger',
    });
    const processed = processProps({
      props: trigger.props,
      input,
      propertySettings,
      auth: definition.auth ? { definition: definition.auth, value: authValue } : undefined,
      requireAuth: trigger.requireAuth ?? true,
    });
    if (!processed.ok) return { status: 'FAILED', message: processed.message };
    const auth = authForContext(processed.auth, piece.contextVersion);
    const { ctx, collected } = buildTriggerContext({
      request,
      services,
      propsValue: processed.propsValue,
      auth,
    });
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
