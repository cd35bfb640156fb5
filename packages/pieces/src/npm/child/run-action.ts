import type { PieceRunOutcome } from '@piecework/engine';
import { buildActionContext } from '../../context/build-action-context';
import type { PieceServices } from '../../context/piece-services';
import { downloadFileProps, fileDownloadOptions } from '../../props';
import { errorMessage } from '../../errors/error-message';
import type { LoadedPiece } from '../load-piece-module';
import type { ActionRunRequest } from '../../triggers/trigger-request';
import { prepareStepProps } from './prepare-step-props';

/**
 * Runs one action of a loaded npm piece, in the piece process: FILE props given as URLs
 * downloaded (through the SSRF filter, within the size limit and deadline), props through the props
 * pipeline (DYNAMIC schemas computed when the step has none), the connection downgraded for V0
 * pieces, the context built with {@link buildActionContext}, then `test` (in test mode, when
 * the action has one) or `run`. Whatever the action throws fails the step with its message.
 */
export async function runNpmAction(
  piece: LoadedPiece,
  request: ActionRunRequest,
  services: PieceServices,
): Promise<PieceRunOutcome> {
  const { definition } = piece;
  const action = definition.actions[request.actionName];
  if (!action) {
    return {
      status: 'FAILED',
      message: `Piece ${definition.name}@${definition.version} has no action named '${request.actionName}'`,
    };
  }
  const { auth: authValue, ...given } = request.input;
  try {
    const downloaded = await downloadFileProps(action.props, given, fileDownloadOptions(services, undefined));
    if (!downloaded.ok) return { status: 'FAILED', message: downloaded.message };
    const { input } = downloaded;
    const processed = await prepareStepProps({
      piece,
      props: action.props,
      requireAuth: action.requireAuth,
      input,
      authValue,
      propertySettings: request.propertySettings,
      services,
      projectId: request.run.projectId,
      stepName: request.stepName,
    });
    if (!processed.ok) return { status: 'FAILED', message: processed.message };
    const { ctx, outcome } = buildActionContext({
      request,
      services,
      propsValue: processed.propsValue,
      auth: processed.auth,
    });
    const output = request.test && action.test ? await action.test(ctx) : await action.run(ctx);
    return outcome(output);
  } catch (error) {
    return { status: 'FAILED', message: errorMessage(error) };
  }
}
