import { CURRENT_SCHEMA_VERSION, type FlowVersion } from '../flow-version';
import type { FlowOperationRequest } from '../operations';
import { upgradeToNestedDialect } from '../references';
import {
  type FlowOperationContext,
  assertEditable,
  editStepTree,
  fail,
  finishVersion,
  stepBodyFromRequest,
  triggerBodyFromRequest,
} from './edit-context';
import { mapStepTemplates } from './step-templates';
import { allNodes, linkTree, treeNames, unlinkTree, type StepNode, type StepTree } from './step-tree';

/**
 * UPDATE_TRIGGER: replaces the trigger and keeps its chain of steps and its stored sample data;
 * the piece version is stored exact and `lastUpdatedDate` stamped.
 */
export function updateTrigger(
  version: FlowVersion,
  request: FlowOperationRequest<'UPDATE_TRIGGER'>,
  context: FlowOperationContext,
): FlowVersion {
  return editStepTree(version, context, (tree) => {
    const body = triggerBodyFromRequest(request, context.now);
    const keptSampleData = tree.trigger.settings.sampleData;
    if (keptSampleData && body.type === 'PIECE_TRIGGER')
      body.settings = { ...body.settings, sampleData: keptSampleData as never };
    tree.trigger = body;
  });
}

/**
 * IMPORT_FLOW: replaces display name, trigger chain and notes with the imported ones; names are
 * kept and must be unique. A flow whose `schemaVersion` is not Piecework's current one is in the
 * reference platform's old reference dialect: its `{{ }}` references are upgraded to the NESTED
 * dialect (code-step source untouched). Every step is stamped and its validity recomputed.
 */
export function importFlow(
  version: FlowVersion,
  request: FlowOperationRequest<'IMPORT_FLOW'>,
  context: FlowOperationContext,
): FlowVersion {
  assertEditable(version);
  const tree = unlinkTree(request.trigger);
  assertUniqueNames(tree);
  const upgrade = request.schemaVersion !== CURRENT_SCHEMA_VERSION;
  const names = treeNames(tree);
  const upgradeText = (text: string) => upgradeToNestedDialect(text, names);
  tree.trigger = triggerBodyFromRequest(
    upgrade ? mapStepTemplates(tree.trigger, upgradeText) : tree.trigger,
    context.now,
  );
  for (const node of allNodes(tree)) {
    node.body = stepBodyFromRequest(
      upgrade ? mapStepTemplates(node.body, upgradeText) : node.body,
      context.now,
    );
  }
  const notes = (request.notes ?? []).map((note) => ({
    ...note,
    ownerId: note.ownerId ?? null,
    createdAt: note.createdAt ?? context.now,
    updatedAt: note.updatedAt ?? context.now,
  }));
  return finishVersion(
    version,
    {
      displayName: request.displayName,
      trigger: linkTree(tree),
      notes,
      schemaVersion: CURRENT_SCHEMA_VERSION,
    },
    context,
  );
}

function assertUniqueNames(tree: StepTree): void {
  const seen = new Set([tree.trigger.name]);
  for (const node of allNodes(tree)) {
    if (seen.has(node.body.name))
      fail(`the imported flow has two steps named '${node.body.name}'`, { stepName: node.body.name });
    seen.add(node.body.name);
  }
}

/** CHANGE_NAME: the version's display name (which is the flow's name). */
export function changeName(
  version: FlowVersion,
  request: FlowOperationRequest<'CHANGE_NAME'>,
  context: FlowOperationContext,
): FlowVersion {
  assertEditable(version);
  return finishVersion(version, { displayName: request.displayName }, context);
}

/**
 * UPDATE_SAMPLE_DATA_INFO: points a step's (or the trigger's) sample data at stored files,
 * merging into what is there; `null` clears it. The step must exist.
 */
export function updateSampleDataInfo(
  version: FlowVersion,
  request: FlowOperationRequest<'UPDATE_SAMPLE_DATA_INFO'>,
  context: FlowOperationContext,
): FlowVersion {
  return editStepTree(version, context, (tree) => {
    const isTrigger = request.stepName === tree.trigger.name;
    const node = isTrigger
      ? undefined
      : allNodes(tree).find((candidate) => candidate.body.name === request.stepName);
    if (!isTrigger && !node)
      fail(`step '${request.stepName}' does not exist in this flow version`, { stepName: request.stepName });
    const current = isTrigger ? tree.trigger : node!.body;
    const { sampleData: existing, ...settings } = current.settings as Record<string, unknown> & {
      sampleData?: object;
    };
    const merged = request.sampleDataSettings ? { ...existing, ...request.sampleDataSettings } : undefined;
    const updated = { ...current, settings: merged ? { ...settings, sampleData: merged } : settings };
    if (isTrigger) tree.trigger = updated as StepTree['trigger'];
    else node!.body = updated as StepNode['body'];
  });
}
