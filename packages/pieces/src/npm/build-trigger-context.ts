import { buildActionContext } from '../context/build-action-context';
import type { PieceServices } from '../context/piece-services';
import type { TriggerContext } from '../framework/piece-definition';
import type { AppEventListener, TriggerRunRequest, TriggerSchedule } from '../triggers/trigger-request';

/** The context of a trigger hook, with the app-webhook listeners and the `isRepublish` flag. */
export type NpmTriggerContext = TriggerContext & {
  app: { createListeners(listener: AppEventListener): void };
  isRepublish: boolean;
};

/**
 * Builds the context of one trigger hook: the action context's shared part (store with the
 * flow's key prefix, `test_` in test mode; files; server; project; flows; connections) plus
 * `webhookUrl`, `payload`, `setSchedule`, `app.createListeners`, `isRepublish` and `run.id`.
 * `collected()` gives what the hook set.
 */
export function buildTriggerContext(input: {
  request: TriggerRunRequest;
  services: PieceServices;
  propsValue: Record<string, unknown>;
  auth: unknown;
}) {
  const { request, services, propsValue, auth } = input;
  const { ctx: actionContext } = buildActionContext({
    request: {
      pieceName: request.pieceName,
      pieceVersion: request.pieceVersion,
      actionName: request.triggerName,
      stepName: request.stepName ?? 'trigger',
      input: request.input,
      propertySettings: request.propertySettings,
      run: request.run,
      test: request.test,
    },
    services,
    propsValue,
    auth,
  });
  const {
    run: _run,
    executionType: _executionType,
    resumePayload: _resumePayload,
    ...shared
  } = actionContext;
  let schedule: TriggerSchedule | undefined;
  const listeners: AppEventListener[] = [];
  const ctx: NpmTriggerContext = {
    ...shared,
    webhookUrl: request.webhookUrl,
    payload: (request.payload ?? { body: {}, headers: {}, queryParams: {} }) as TriggerContext['payload'],
    setSchedule(next) {
      schedule = { cronExpression: next.cronExpression, timezone: next.timezone ?? 'UTC' };
    },
    app: {
      createListeners(listener) {
        listeners.push(listener);
      },
    },
    isRepublish: request.isRepublish ?? false,
    run: { id: request.run.id },
  };
  return { ctx, collected: () => ({ schedule, listeners }) };
}
