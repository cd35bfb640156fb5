/**
 * An installed piece's action as an agent tool (`PIECE`). Its props (from the piece catalogue)
 * are the tool's parameters — short/long text: string, number, checkbox: boolean, static
 * dropdown: enum, array, object/JSON: object, any other type: string with its description — less
 * the fields the step fixes (`choose-yourself`: their `value` is used; `leave-empty`: left out).
 * `auth` names a connection of the project, resolved as runs resolve `{{connections[...]}}` and
 * never shown to the model. A call runs the action through the run runtime's piece runner as a
 * step `${stepName}_tool` of the agent's run; a FAILED action is the tool's error, and an action
 * that pauses or stops the flow is refused ("tools cannot pause").
 */
import type { PieceRunRequest } from '@piecework/engine';
import type { AgentPieceTool, PieceProperty } from '@piecework/shared';
import { notFound } from '../../../infrastructure/errors';
import { runServices } from '../../../execution/run-host';
import type { ServerBase } from '../../../server-context';
import { readConnectionValue } from '../../connections/read-connection-value';
import type { AgentToolHandle, AgentToolScope } from '../../../execution/agents/agent-toolbox';
import { findToolRun } from './agent-tool-repository';

/** Property types with no value to give (display only). */
const NO_VALUE = new Set(['MARKDOWN']);

/** The tool of piece action `tool` for the scope's run. */
export async function openPieceTool(
  ctx: ServerBase,
  scope: AgentToolScope,
  tool: AgentPieceTool,
  name: string,
): Promise<AgentToolHandle> {
  const { pieceName, pieceVersion, actionName, predefinedInput } = tool.pieceMetadata;
  const piece = await ctx.pieces.catalogue.get(pieceName, pieceVersion === '' ? undefined : pieceVersion);
  if (piece === undefined) throw notFound('piece', `${pieceName}@${pieceVersion}`);
  const action = piece.actions[actionName];
  if (action === undefined) throw notFound('action', `${pieceName}/${actionName}`);
  const fields = predefinedInput?.fields ?? {};
  const fixed: Record<string, unknown> = {};
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [prop, definition] of Object.entries(action.props)) {
    if (NO_VALUE.has(definition.type)) continue;
    const field = fields[prop];
    if (field?.mode === 'choose-yourself') fixed[prop] = field.value;
    if (field !== undefined && field.mode !== 'agent-decide') continue;
    properties[prop] = propertySchema(definition);
    if (definition.required) required.push(prop);
  }
  const run = await findToolRun(ctx.store.db, scope.flowRunId, scope.projectId);
  if (run === undefined) throw notFound('flowRun', scope.flowRunId);
  const services = runServices(
    ctx,
    { projectId: scope.projectId, flowId: run.flowId, runId: scope.flowRunId },
    () => undefined,
  );
  return {
    name,
    description: action.description || action.displayName,
    parameters: { type: 'object', properties, required },
    block: {
      toolCallType: 'PIECE',
      pieceName,
      pieceVersion: piece.version,
      actionName,
      displayName: action.displayName,
    },
    async call(args, signal) {
      const input: Record<string, unknown> = { ...args, ...fixed };
      if (predefinedInput?.auth !== undefined && predefinedInput.auth !== '') {
        const auth = await readConnectionValue(ctx, scope.projectId, predefinedInput.auth);
        if (auth === null)
          throw new Error(`The connection ${predefinedInput.auth} of this tool does not exist`);
        input['auth'] = auth;
      }
      const request: PieceRunRequest = {
        pieceName: piece.name,
        pieceVersion: piece.version,
        actionName,
        stepName: `${scope.stepName}_tool`,
        input,
        propertySettings: {},
        run: {
          id: run.id,
          flowId: run.flowId,
          flowVersionId: run.flowVersionId,
          projectId: run.projectId,
          environment: run.environment === 'TESTING' ? 'TESTING' : 'PRODUCTION',
        },
        test: false,
        services,
        signal,
      };
      const outcome = await scope.pieces.run(request);
      switch (outcome.status) {
        case 'SUCCEEDED':
          return outcome.output ?? null;
        case 'FAILED':
          throw new Error(outcome.message);
        case 'PAUSED':
        case 'STOPPED':
          throw new Error(
            `The action ${action.displayName} wants to pause or stop the flow: tools cannot pause`,
          );
      }
    },
  };
}

/** The JSON Schema of one prop. */
function propertySchema(prop: PieceProperty): Record<string, unknown> {
  const description = prop.description ? `${prop.displayName}: ${prop.description}` : prop.displayName;
  switch (prop.type) {
    case 'SHORT_TEXT':
    case 'LONG_TEXT':
      return { type: 'string', description };
    case 'NUMBER':
      return { type: 'number', description };
    case 'CHECKBOX':
      return { type: 'boolean', description };
    case 'STATIC_DROPDOWN': {
      const options = (prop['options'] as { options?: { value: unknown }[] } | undefined)?.options ?? [];
      return { enum: options.map((option) => option.value), description };
    }
    case 'ARRAY':
      return { type: 'array', items: {}, description };
    case 'OBJECT':
    case 'JSON':
      return { type: 'object', description };
    default:
      return { type: 'string', description: `${description} (${prop.type})` };
  }
}
