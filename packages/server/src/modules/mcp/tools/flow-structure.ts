/**
 * What `ap_flow_structure` answers about a flow: its trigger and steps with their names, types,
 * pieces and actions, the step each one leads to (`nextAction`, loop bodies, router branches),
 * and a readable outline an assistant can follow:
 * ```text
 * trigger: Catch Webhook [PIECE_TRIGGER @activepieces/piece-webhook/catch_webhook]
 *   - step_1: Code [CODE]
 *   - step_2: Loop [LOOP_ON_ITEMS]
 *     loop body:
 *       - step_3: Send [PIECE @activepieces/piece-http/send_request]
 * ```
 */
import type { PopulatedFlow, Step, Trigger } from '@piecework/shared';

/** One step (or the trigger) as the structure lists it. */
export interface StructureStep {
  readonly name: string;
  readonly displayName: string;
  readonly type: string;
  readonly pieceName?: string;
  readonly actionName?: string;
  readonly triggerName?: string;
  readonly valid: boolean;
  readonly skip?: boolean;
  /** The step after this one, if any. */
  readonly nextAction: string | null;
  /** A loop's first body step. */
  readonly firstLoopAction?: string | null;
  /** A router's branches, in order: each branch's name and first step. */
  readonly branches?: readonly { readonly branchName: string; readonly firstStep: string | null }[];
}

/** The structure of a flow's version. */
export interface FlowStructure {
  readonly flowId: string;
  readonly displayName: string;
  readonly status: string;
  readonly versionId: string;
  readonly versionState: string;
  readonly publishedVersionId: string | null;
  readonly valid: boolean;
  readonly steps: readonly StructureStep[];
  readonly outline: string;
}

/** The structure of `flow`'s version (the draft, as `GET /v1/flows/:id` answers it). */
export function flowStructure(flow: PopulatedFlow): FlowStructure {
  const steps: StructureStep[] = [];
  const lines: string[] = [];
  const { trigger } = flow.version;
  steps.push(triggerEntry(trigger));
  lines.push(`${trigger.name}: ${trigger.displayName} [${kindOf(trigger)}]`);
  const indent = (depth: number) => '  '.repeat(depth);
  const visit = (head: Step | null | undefined, depth: number) => {
    for (let step: Step | null | undefined = head; step; step = step.nextAction) {
      steps.push(stepEntry(step));
      lines.push(`${indent(depth)}- ${step.name}: ${step.displayName} [${kindOf(step)}]`);
      if (step.type === 'LOOP_ON_ITEMS') {
        lines.push(`${indent(depth + 1)}loop body:${step.firstLoopAction ? '' : ' (empty)'}`);
        visit(step.firstLoopAction, depth + 2);
      }
      if (step.type === 'ROUTER') {
        const { branches } = step.settings;
        step.children.forEach((child, index) => {
          const name = branches[index]?.branchName ?? String(index);
          lines.push(`${indent(depth + 1)}branch "${name}":${child ? '' : ' (empty)'}`);
          visit(child, depth + 2);
        });
      }
    }
  };
  visit(trigger.nextAction, 1);
  return {
    flowId: flow.id,
    displayName: flow.version.displayName,
    status: flow.status,
    versionId: flow.version.id,
    versionState: flow.version.state,
    publishedVersionId: flow.publishedVersionId ?? null,
    valid: flow.version.valid,
    steps,
    outline: lines.join('\n'),
  };
}

function triggerEntry(trigger: Trigger): StructureStep {
  return {
    name: trigger.name,
    displayName: trigger.displayName,
    type: trigger.type,
    valid: trigger.valid,
    nextAction: trigger.nextAction?.name ?? null,
    ...(trigger.type === 'PIECE_TRIGGER'
      ? {
          pieceName: trigger.settings.pieceName,
          ...(trigger.settings.triggerName ? { triggerName: trigger.settings.triggerName } : {}),
        }
      : {}),
  };
}

function stepEntry(step: Step): StructureStep {
  const base = {
    name: step.name,
    displayName: step.displayName,
    type: step.type,
    valid: step.valid,
    ...(step.skip === true ? { skip: true } : {}),
    nextAction: step.nextAction?.name ?? null,
  };
  switch (step.type) {
    case 'PIECE':
      return {
        ...base,
        pieceName: step.settings.pieceName,
        ...(step.settings.actionName ? { actionName: step.settings.actionName } : {}),
      };
    case 'LOOP_ON_ITEMS':
      return { ...base, firstLoopAction: step.firstLoopAction?.name ?? null };
    case 'ROUTER':
      return {
        ...base,
        branches: step.settings.branches.map((branch, index) => ({
          branchName: branch.branchName,
          firstStep: step.children[index]?.name ?? null,
        })),
      };
    case 'CODE':
      return base;
  }
}

/** `TYPE piece/action` for piece steps and triggers, the type alone for the others. */
function kindOf(step: Trigger | Step): string {
  if (step.type === 'PIECE') return `PIECE ${step.settings.pieceName}/${step.settings.actionName ?? '?'}`;
  if (step.type === 'PIECE_TRIGGER')
    return `PIECE_TRIGGER ${step.settings.pieceName}/${step.settings.triggerName ?? '?'}`;
  return step.type;
}
