/**
 * The builder's editing tools: `ap_create_flow`, `ap_add_step` (a CODE or PIECE step, through the
 * flow operation ADD_ACTION), `ap_lock_and_publish` and `ap_change_flow_status`. Each is a call
 * of the REST endpoint as the caller (`callAsCaller`): the same validation, permissions (a Viewer
 * gets PERMISSION_DENIED) and audit events as the API.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ENDPOINTS,
  FlowStatus,
  fullPieceName,
  getStepNames,
  nextStepName,
  PieceworkError,
  StepLocationRelativeToParent,
  type PopulatedFlow,
  type StepRequest,
} from '@piecework/shared';
import { z } from 'zod';
import { flowStructure } from './flow-structure';
import { answerTool, callAsCaller, textResult, type McpToolScope } from './mcp-tool-scope';

/** What `ap_add_step` takes as its `action`. */
const NewStep = z.object({
  type: z.enum(['CODE', 'PIECE']).describe('CODE runs JavaScript; PIECE runs an action of a piece'),
  displayName: z.string().min(1).describe('The name shown for the step'),
  pieceName: z
    .string()
    .optional()
    .describe('PIECE: the piece, e.g. "@activepieces/piece-http" or its short name "http"'),
  pieceVersion: z.string().optional().describe("PIECE: the piece's version (default: the newest)"),
  actionName: z.string().optional().describe('PIECE: the action to run, e.g. "send_request"'),
  input: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('The step input; values may reference earlier steps, e.g. "{{trigger.body.name}}"'),
  sourceCode: z
    .string()
    .optional()
    .describe('CODE: the source, e.g. "export const code = async (inputs) => { return inputs; };"'),
});
type NewStep = z.infer<typeof NewStep>;

const DEFAULT_CODE = 'export const code = async (inputs) => {\n  return inputs;\n};';

/** Registers the editing tools on `server`. */
export function registerBuilderEditTools(server: McpServer, scope: McpToolScope): void {
  server.registerTool(
    'ap_create_flow',
    {
      description: 'Create an empty flow (a draft without a trigger) in this project; answers its id.',
      inputSchema: { flowName: z.string().min(1).describe('The name of the new flow') },
      annotations: { title: 'Create flow', readOnlyHint: false, destructiveHint: false },
    },
    ({ flowName }) =>
      answerTool(scope, async () => {
        const flow = await callAsCaller(scope, ENDPOINTS.flows.create, {
          body: { projectId: scope.caller.projectId, displayName: flowName },
        });
        return textResult({ flowId: flow.id, displayName: flow.version.displayName, status: flow.status });
      }),
  );

  server.registerTool(
    'ap_add_step',
    {
      description:
        "Add a CODE or PIECE step to a flow's draft, after parentStepName (\"trigger\" for the first step), or inside a loop or router branch. Answers the new step's name and the flow's outline.",
      inputSchema: {
        flowId: z.string().describe('The id of the flow'),
        parentStepName: z.string().describe('The step to add after or inside ("trigger" for the first step)'),
        stepLocationRelativeToParent: StepLocationRelativeToParent.optional().describe(
          'AFTER (default), INSIDE_LOOP or INSIDE_BRANCH',
        ),
        branchIndex: z.number().int().min(0).optional().describe('INSIDE_BRANCH: which branch of the router'),
        action: NewStep,
      },
      annotations: { title: 'Add step', readOnlyHint: false, destructiveHint: false },
    },
    (input) =>
      answerTool(scope, async () => {
        const flow = await callAsCaller(scope, ENDPOINTS.flows.get, {
          params: { id: input.flowId },
          query: {},
        });
        const name = nextStepName(getStepNames(flow.version));
        const step = await stepRequest(scope, name, input.action);
        const updated = await callAsCaller(scope, ENDPOINTS.flows.update, {
          params: { id: input.flowId },
          body: {
            type: 'ADD_ACTION',
            request: {
              parentStep: input.parentStepName,
              action: step,
              ...(input.stepLocationRelativeToParent === undefined
                ? {}
                : { stepLocationRelativeToParent: input.stepLocationRelativeToParent }),
              ...(input.branchIndex === undefined ? {} : { branchIndex: input.branchIndex }),
            },
          },
        });
        const structure = flowStructure(updated);
        return textResult({
          stepName: name,
          flowId: updated.id,
          valid: structure.valid,
          outline: structure.outline,
        });
      }),
  );

  server.registerTool(
    'ap_lock_and_publish',
    {
      description: "Publish a flow's draft (it must be valid): the published version is what runs.",
      inputSchema: { flowId: z.string().describe('The id of the flow') },
      annotations: { title: 'Publish flow', readOnlyHint: false, destructiveHint: false },
    },
    ({ flowId }) =>
      answerTool(scope, async () =>
        textResult(
          summary(
            await callAsCaller(scope, ENDPOINTS.flows.update, {
              params: { id: flowId },
              body: { type: 'LOCK_AND_PUBLISH', request: {} },
            }),
          ),
        ),
      ),
  );

  server.registerTool(
    'ap_change_flow_status',
    {
      description: 'Turn a published flow on (ENABLED: its trigger runs it) or off (DISABLED).',
      inputSchema: {
        flowId: z.string().describe('The id of the flow'),
        status: FlowStatus.describe('ENABLED or DISABLED'),
      },
      annotations: { title: 'Change flow status', readOnlyHint: false, destructiveHint: true },
    },
    ({ flowId, status }) =>
      answerTool(scope, async () =>
        textResult(
          summary(
            await callAsCaller(scope, ENDPOINTS.flows.update, {
              params: { id: flowId },
              body: { type: 'CHANGE_STATUS', request: { status } },
            }),
          ),
        ),
      ),
  );
}

/** The ADD_ACTION step of `step`, named `name`; a PIECE step without a version gets the newest. */
async function stepRequest(scope: McpToolScope, name: string, step: NewStep): Promise<StepRequest> {
  if (step.type === 'CODE') {
    return {
      name,
      displayName: step.displayName,
      type: 'CODE',
      valid: true,
      settings: {
        sourceCode: { code: step.sourceCode ?? DEFAULT_CODE, packageJson: '{}' },
        input: step.input ?? {},
      },
    };
  }
  if (step.pieceName === undefined || step.actionName === undefined) {
    throw new PieceworkError(
      'VALIDATION',
      { message: 'A PIECE step needs pieceName and actionName (see ap_list_pieces)' },
      400,
    );
  }
  const pieceName = fullPieceName(step.pieceName);
  const pieceVersion =
    step.pieceVersion ??
    (
      await callAsCaller(scope, ENDPOINTS.pieces.get, {
        params: { name: pieceName },
        query: { projectId: scope.caller.projectId },
      })
    ).version;
  return {
    name,
    displayName: step.displayName,
    type: 'PIECE',
    valid: true,
    settings: {
      pieceName,
      pieceVersion,
      actionName: step.actionName,
      propertySettings: {},
      input: step.input ?? {},
    },
  };
}

/** What the publishing and status tools answer about a flow. */
function summary(flow: PopulatedFlow) {
  return {
    flowId: flow.id,
    displayName: flow.version.displayName,
    status: flow.status,
    publishedVersionId: flow.publishedVersionId ?? null,
  };
}
