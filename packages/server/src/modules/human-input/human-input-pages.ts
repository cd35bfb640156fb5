/**
 * What the forms and chat pages are built from (`GET /v1/human-input/form|chat/:flowId`), as
 * Activepieces answers it: the published version's trigger, or the draft's with `useDraft`; 404
 * ENTITY_NOT_FOUND when the flow does not exist, has no published version (without `useDraft`) or
 * is not started by the forms piece's trigger of that page. Only the page's own data is answered:
 * never the flow's other steps, connections or runs.
 */
import {
  FILE_TRIGGER_NAME,
  FormInput,
  PieceworkError,
  type ChatUIResponse,
  type FlowVersion,
  type FormResponse,
} from '@piecework/shared';
import { z } from 'zod';
import type { ServerContext } from '../../server-context';
import { findLatestVersion, findVersionOfFlow } from '../flow-definitions/flow-repository';
import { flowVersionFromRow } from '../flow-definitions/flow-rows';
import { humanInputKindOf, type HumanInputKind } from '../webhooks/forms-trigger';
import { findHumanInputFlow, type HumanInputFlowRow } from './human-input-repository';

/** The props Activepieces answers for the file trigger: a form of one required file, answered. */
const FILE_FORM_PROPS: FormResponse['props'] = {
  inputs: [{ displayName: 'File', type: 'file', required: true, description: '' }],
  waitForResponse: true,
};

/** The form page of flow `flowId` (its draft with `useDraft`). */
export async function getForm(
  deps: Pick<ServerContext, 'store'>,
  flowId: string,
  useDraft: boolean,
): Promise<FormResponse> {
  const { flow, version } = await pageFlow(deps, flowId, useDraft, 'form');
  const settings = version.trigger.settings as TriggerSettings;
  return {
    id: flow.id,
    title: version.displayName,
    props: settings.triggerName === FILE_TRIGGER_NAME ? FILE_FORM_PROPS : formPropsOf(settings.input),
    projectId: flow.projectId,
    version: settings.pieceVersion,
    platformName: flow.platformName,
  };
}

/** The chat page of flow `flowId` (its draft with `useDraft`). */
export async function getChat(
  deps: Pick<ServerContext, 'store'>,
  flowId: string,
  useDraft: boolean,
): Promise<ChatUIResponse> {
  const { flow, version } = await pageFlow(deps, flowId, useDraft, 'chat');
  const botName = (version.trigger.settings as TriggerSettings).input['botName'];
  return {
    id: flow.id,
    title: version.displayName,
    props: { botName: typeof botName === 'string' ? botName : null },
    projectId: flow.projectId,
    platformName: flow.platformName,
    platformLogoUrl: null,
  };
}

/** The 404 of a page whose flow is missing or not started from that page. */
export function pageNotFound(flowId: string, kind: HumanInputKind): PieceworkError {
  return new PieceworkError('ENTITY_NOT_FOUND', {
    message: `No ${kind} page: flow ${flowId} does not exist or is not started by the forms piece's ${kind} trigger`,
    entityType: kind === 'form' ? 'flow_form' : 'flow_chat',
    entityId: flowId,
  });
}

interface TriggerSettings {
  pieceName?: string;
  pieceVersion: string;
  triggerName?: string;
  input: Record<string, unknown>;
}

/** The flow and the version a page reads, or the page's 404. */
async function pageFlow(
  deps: Pick<ServerContext, 'store'>,
  flowId: string,
  useDraft: boolean,
  kind: HumanInputKind,
): Promise<{ flow: HumanInputFlowRow; version: FlowVersion }> {
  const { db } = deps.store;
  const flow = await findHumanInputFlow(db, flowId);
  if (flow === undefined || (!useDraft && flow.publishedVersionId === null)) throw pageNotFound(flowId, kind);
  const row = useDraft
    ? await findLatestVersion(db, flowId)
    : await findVersionOfFlow(db, flowId, flow.publishedVersionId!);
  if (row === undefined) throw pageNotFound(flowId, kind);
  const version = flowVersionFromRow(row);
  const { trigger } = version;
  const piece =
    trigger.type === 'PIECE_TRIGGER'
      ? { name: trigger.settings.pieceName, triggerName: trigger.settings.triggerName ?? null }
      : null;
  if (humanInputKindOf(piece) !== kind) throw pageNotFound(flowId, kind);
  return { flow, version };
}

const StoredFormProps = z.object({
  inputs: z.array(z.unknown()).catch([]),
  waitForResponse: z.boolean().catch(false),
});

/** A form trigger's `inputs` (fields that do not read as a form field are left out) and `waitForResponse`. */
function formPropsOf(input: Record<string, unknown>): FormResponse['props'] {
  const props = StoredFormProps.parse({
    inputs: input['inputs'] ?? [],
    waitForResponse: input['waitForResponse'],
  });
  const inputs = props.inputs.flatMap((field) => {
    const parsed = FormInput.safeParse(field);
    return parsed.success ? [parsed.data] : [];
  });
  return { inputs, waitForResponse: props.waitForResponse };
}
