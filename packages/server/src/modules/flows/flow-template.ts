/**
 * A flow version as Activepieces exports it (`GET /v1/flows/:id/template`): a shared
 * template holding the version without its sample data and without the connections its pieces
 * sign in with (they belong to the exporting project), plus the pieces it uses.
 */
import {
  findConnectionReferences,
  getAllSteps,
  type FlowTemplate,
  type FlowVersion,
  type PopulatedFlow,
  type Step,
  type Trigger,
} from '@piecework/shared';

/** The settings without sample data, and a piece's `auth` input dropped when it names a connection. */
function exportedSettings<S extends { sampleData?: unknown; input?: Record<string, unknown> }>(
  settings: S,
): S {
  const { sampleData: _sampleData, ...rest } = settings;
  if (rest.input === undefined || findConnectionReferences(rest.input['auth']).size === 0) return rest as S;
  const { auth: _auth, ...input } = rest.input;
  return { ...rest, input } as S;
}

function exportedStep(step: Step | null | undefined): Step | null | undefined {
  if (step === null || step === undefined) return step;
  const nextAction = exportedStep(step.nextAction);
  switch (step.type) {
    case 'LOOP_ON_ITEMS':
      return {
        ...step,
        settings: exportedSettings(step.settings),
        firstLoopAction: exportedStep(step.firstLoopAction),
        nextAction,
      };
    case 'ROUTER':
      return {
        ...step,
        settings: exportedSettings(step.settings),
        children: step.children.map((child) => exportedStep(child) ?? null),
        nextAction,
      };
    case 'CODE':
      return { ...step, settings: exportedSettings(step.settings), nextAction };
    case 'PIECE':
      return { ...step, settings: exportedSettings(step.settings), nextAction };
  }
}

/**
 * A trigger chain as templates carry it: without sample data, and without a piece's `auth` input
 * where it names a connection (connections belong to the exporting project).
 */
export function exportedTrigger(trigger: Trigger): Trigger {
  const nextAction = exportedStep(trigger.nextAction);
  if (trigger.type === 'EMPTY') return { ...trigger, nextAction };
  return { ...trigger, settings: exportedSettings(trigger.settings), nextAction };
}

/** The names of the pieces a version's trigger and steps use, each once, in step order. */
export function usedPieces(trigger: Trigger): string[] {
  const names = new Set<string>();
  for (const step of getAllSteps(trigger)) {
    if (step.type === 'PIECE' || step.type === 'PIECE_TRIGGER') names.add(step.settings.pieceName);
  }
  return [...names];
}

/**
 * The shared template of `flow` (its `version`), authored by `author` (a user's name, empty for an
 * API key), with the flow's externalId in `metadata` as Activepieces does. Use it for exports.
 */
export function flowTemplateOf(flow: PopulatedFlow, author: string): FlowTemplate {
  const version: FlowVersion = {
    ...flow.version,
    trigger: exportedTrigger(flow.version.trigger),
    connectionIds: [],
  };
  return {
    name: version.displayName,
    summary: '',
    description: '',
    pieces: usedPieces(version.trigger),
    flows: [version],
    tags: [],
    blogUrl: '',
    metadata: { externalId: flow.externalId },
    author,
    categories: [],
    type: 'SHARED',
    status: 'PUBLISHED',
  };
}
