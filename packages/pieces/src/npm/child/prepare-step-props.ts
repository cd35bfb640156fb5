import type { PieceServices } from '../../context/piece-services';
import type { PieceDefinition } from '../../framework/piece-definition';
import { processProps, type ProcessPropsResult, type PropertyMap } from '../../props';
import type { ContextVersion } from '../piece-metadata';
import { authForContext } from './downgrade-auth';
import { withDynamicSchemas } from './dynamic-schemas';

/** What an action or trigger step hands the props pipeline. */
export interface StepPropsInput {
  /** The piece and the context contract it expects (V0 pieces get a downgraded connection). */
  piece: { definition: PieceDefinition; contextVersion: ContextVersion };
  /** The action's or trigger's props, and whether it uses the piece's auth (default true). */
  props: PropertyMap;
  requireAuth: boolean | undefined;
  /** The step's input without `auth`, and the connection value given as `auth`. */
  input: Record<string, unknown>;
  authValue: unknown;
  propertySettings: Record<string, unknown>;
  services: PieceServices;
  projectId: string;
  stepName: string;
}

/**
 * The props pipeline of one npm-shaped action or trigger step: DYNAMIC schemas computed when the
 * step has none, props processed and validated ({@link processProps}), and the connection as the
 * piece's context version expects it. Use it wherever an action or a trigger hook is called, so
 * both see their props the same way.
 */
export async function prepareStepProps(step: StepPropsInput): Promise<ProcessPropsResult> {
  const { definition, contextVersion } = step.piece;
  const propertySettings = await withDynamicSchemas({
    props: step.props,
    input: step.input,
    auth: step.authValue,
    propertySettings: step.propertySettings,
    services: step.services,
    projectId: step.projectId,
    stepName: step.stepName,
  });
  const processed = processProps({
    props: step.props,
    input: step.input,
    propertySettings,
    auth: definition.auth ? { definition: definition.auth, value: step.authValue } : undefined,
    requireAuth: step.requireAuth ?? true,
  });
  return processed.ok ? { ...processed, auth: authForContext(processed.auth, contextVersion) } : processed;
}
