import type { ActionContext } from '../../context/action-context';
import { Property } from '../../framework/properties';

/** The piece name a callable flow's trigger has. */
export const SUBFLOWS_PIECE_NAME = '@activepieces/piece-subflows';

/** The callback URL of test calls: nothing is posted to it. */
export const MOCK_CALLBACK_URL = 'MOCK';

/** FLOW store key of a sub-flow run's callback URL. */
export const callableFlowKey = (runId: string) => `callableFlow_${runId}`;

/** The parts of a project flow (the reference's PopulatedFlow) the sub-flow pieces read. */
export interface SubflowCandidate {
  id: string;
  externalId?: string;
  status?: string;
  version: {
    displayName?: string;
    trigger: {
      type: string;
      settings: { pieceName?: string; input?: { exampleData?: { sampleData?: unknown } } };
    };
  };
}

const isSubflow = (flow: unknown): flow is SubflowCandidate => {
  const trigger = (flow as SubflowCandidate | null)?.version?.trigger;
  return trigger?.type === 'PIECE_TRIGGER' && trigger.settings?.pieceName === SUBFLOWS_PIECE_NAME;
};

/** The project's flows that start with a Callable Flow trigger (optionally only these external ids). */
export async function listSubflows(
  flows: ActionContext['flows'],
  externalIds?: string[],
): Promise<SubflowCandidate[]> {
  const page = await flows.list(externalIds ? { externalIds } : undefined);
  return page.data.filter(isSubflow);
}

/** The callable flow with this external id; throws when there is none or it is disabled. */
export async function findEnabledSubflow(ctx: ActionContext, externalId: string): Promise<SubflowCandidate> {
  const [flow] = await listSubflows(ctx.flows, [externalId]);
  if (!flow) throw new Error(`No flow with a Callable Flow trigger has the id ${externalId}`);
  if (flow.status !== 'ENABLED') {
    throw new Error(
      `The subflow ${flow.version.displayName ?? externalId} is disabled. Enable it before calling it from a parent flow.`,
    );
  }
  return flow;
}

/** The `mode` input: key-value pairs (`simple`) or JSON (`advanced`). */
export const modeProp = Property.StaticDropdown({
  displayName: 'Mode',
  description: 'Choose Simple for key-value or Advanced for JSON.',
  required: true,
  defaultValue: 'simple',
  options: {
    options: [
      { label: 'Simple', value: 'simple' },
      { label: 'Advanced', value: 'advanced' },
    ],
  },
});

/** An OBJECT (simple mode) or JSON (advanced mode) property. */
export const objectOrJson = (mode: unknown, displayName: string, defaultValue?: unknown) => {
  const options = { displayName, required: true, ...(defaultValue === undefined ? {} : { defaultValue }) };
  return mode === 'simple' ? Property.Object(options) : Property.Json(options);
};
