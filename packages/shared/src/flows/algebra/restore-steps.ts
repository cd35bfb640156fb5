import type { FlowOperationOf } from '../operations';
import type { FlowVersionOperation } from './apply-operation';
import type { SampleDataSettings } from '../step-settings';
import type { StepRequest } from '../step';
import type { TriggerRequest } from '../trigger';
import { placeInside, type StepPlace } from './step-location';
import type { StepBody, StepNode, TriggerBody } from './step-tree';

/** A stored step body as an ADD_ACTION / UPDATE_ACTION request: no stamp, no sample data. */
export function stepRequestOf(body: StepBody): StepRequest {
  const { lastUpdatedDate: _stamp, ...fields } = body;
  const { sampleData: _sampleData, ...settings } = fields.settings as typeof fields.settings & {
    sampleData?: unknown;
  };
  return { ...fields, settings } as StepRequest;
}

/** The stored trigger body as an UPDATE_TRIGGER request: no stamp, no sample data. */
export function triggerRequestOf(body: TriggerBody): TriggerRequest {
  const { lastUpdatedDate: _stamp, ...fields } = body;
  const { sampleData: _sampleData, ...settings } = fields.settings as typeof fields.settings & {
    sampleData?: unknown;
  };
  return { ...fields, settings } as TriggerRequest;
}

/**
 * The UPDATE_SAMPLE_DATA_INFO that points step `stepName` at the sample-data files `sampleData`
 * names again, or nothing when it names none. The test date is not carried by the operation.
 */
export function restoreSampleData(
  stepName: string,
  sampleData: SampleDataSettings | undefined,
): FlowOperationOf<'UPDATE_SAMPLE_DATA_INFO'>[] {
  const { sampleDataFileId, sampleDataInputFileId } = sampleData ?? {};
  if (sampleDataFileId === undefined && sampleDataInputFileId === undefined) return [];
  return [
    {
      type: 'UPDATE_SAMPLE_DATA_INFO',
      request: {
        stepName,
        sampleDataSettings: {
          ...(sampleDataFileId === undefined ? {} : { sampleDataFileId }),
          ...(sampleDataInputFileId === undefined ? {} : { sampleDataInputFileId }),
        },
      },
    },
  ];
}

/** The sample-data settings stored on a step or trigger body, if any. */
export function sampleDataOf(body: StepBody | TriggerBody): SampleDataSettings | undefined {
  return (body.settings as { sampleData?: SampleDataSettings }).sampleData;
}

/**
 * The ADD_ACTION operations (with their sample data) that rebuild `chain` from `first` on: its
 * first step at `first`, each next one after the step before it, and every loop body and router
 * branch inside them. Names, settings and sample-data files come back as they were.
 */
export function restoreChain(chain: readonly StepNode[], first: StepPlace): FlowVersionOperation[] {
  return chain.flatMap((node, index) =>
    restoreNode(
      node,
      index === 0
        ? first
        : { parentStep: chain[index - 1]!.body.name, stepLocationRelativeToParent: 'AFTER' },
    ),
  );
}

/** The operations that rebuild step `node` (with its body or branches) at `place`. */
export function restoreNode(node: StepNode, place: StepPlace): FlowVersionOperation[] {
  return [
    { type: 'ADD_ACTION', request: { ...place, action: stepRequestOf(node.body) } },
    ...restoreSampleData(node.body.name, sampleDataOf(node.body)),
    ...restoreNestedChains(node),
  ];
}

/** The operations that rebuild every nested chain of `node` (its loop body or router branches). */
export function restoreNestedChains(node: StepNode): FlowVersionOperation[] {
  return node.chains.flatMap((nested, branch) => restoreChain(nested, placeInside(node, branch)));
}
