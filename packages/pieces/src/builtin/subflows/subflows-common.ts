import type { ActionContext } from '../../context/action-context';
import { Property } from '../../framework/properties';
import { FAIL_PARENT_ON_FAILURE_HEADER, PARENT_RUN_ID_HEADER } from '@piecework/shared';
import { builtinEnv } from '../../context/builtin-env';
import { pieceFetch } from '../common/outbound';
import { bodyPreview, networkErrorMessage } from '../http/http-response';

/** The piece name a callable flow's trigger has. */
export const SUBFLOWS_PIECE_NAME = '@activepieces/piece-subflows';

/** The callback URL of test calls: nothing is posted to it. */
export const MOCK_CALLBACK_URL = 'MOCK';

/** FLOW store key of a sub-flow run's callback URL. */
export const callableFlowKey = (runId: string) => `callableFlow_${runId}`;

/** The parts of a project flow (Activepieces' PopulatedFlow) the sub-flow pieces read. */
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

/**
 * The dropdown of the project's callable flows (value: external id; label: the flow's name,
 * `(inactive)` when it is not enabled), as `callFlow` and `streamCsvToSubflows` offer it.
 */
export function subflowDropdown(labels: { displayName: string; description: string }) {
  return Property.Dropdown({
    ...labels,
    required: true,
    refreshers: [],
    options: async (_, ctx) => ({
      options: (await listSubflows(ctx.flows)).map((flow) => ({
        value: flow.externalId ?? flow.id,
        label:
          flow.status === 'ENABLED'
            ? (flow.version.displayName ?? flow.id)
            : `${flow.version.displayName ?? flow.id} (inactive)`,
      })),
    }),
  });
}

/** What {@link dispatchToSubflow} sends: the run's body and how the server links it to the caller. */
export interface SubflowDispatch {
  flowId: string;
  parentRunId: string;
  failParentOnFailure: boolean;
  data: unknown;
  callbackUrl?: string | undefined;
  /** Further attempts after a network error or a 5xx answer (1 s, 2 s, 4 s, ... apart). Default: none. */
  retries?: number;
}

/** An answer of the server that is not a success, with its status and body. */
export class SubflowDispatchError extends Error {
  override readonly name = 'SubflowDispatchError';
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Calling the subflow failed with status ${status}: ${bodyPreview(body)}`);
  }
}

/**
 * Starts a run of a callable flow: POSTs `{data, callbackUrl}` to the server's
 * `{apiUrl}v1/webhooks/:flowId` with the parent run headers, through the SSRF-filtered client,
 * retrying network errors and 5xx answers `retries` times with backoff (as Activepieces' HTTP
 * client does). Resolves with the answer's body.
 *
 * @throws SubflowDispatchError when the server answers outside 2xx; Error on a network failure.
 */
export async function dispatchToSubflow(ctx: ActionContext, dispatch: SubflowDispatch): Promise<unknown> {
  const url = `${ctx.server.apiUrl.replace(/\/$/, '')}/v1/webhooks/${encodeURIComponent(dispatch.flowId)}`;
  const body = JSON.stringify({ data: dispatch.data, callbackUrl: dispatch.callbackUrl });
  const retries = dispatch.retries ?? 0;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await pieceFetch(ctx, url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PARENT_RUN_ID_HEADER]: dispatch.parentRunId,
          [FAIL_PARENT_ON_FAILURE_HEADER]: dispatch.failParentOnFailure ? 'true' : 'false',
        },
        body,
      });
    } catch (error) {
      if (attempt < retries) {
        await builtinEnv(ctx).sleep(backoff(attempt));
        continue;
      }
      throw new Error(networkErrorMessage(url, error), { cause: error });
    }
    if (response.status >= 500 && attempt < retries) {
      await response.body?.cancel();
      await builtinEnv(ctx).sleep(backoff(attempt));
      continue;
    }
    const answer = await readBody(response);
    if (!response.ok) throw new SubflowDispatchError(response.status, answer);
    return answer;
  }
}

/** Backoff before retry `n` (0-based): 1 s, 2 s, 4 s, ... up to 30 s. */
const backoff = (n: number) => Math.min(1_000 * 2 ** n, 30_000);

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
}
