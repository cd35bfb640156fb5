/**
 * Template bodies' flows are migrated as IMPORT_FLOW migrates one flow, and the code artifacts of
 * all the flows of one body share one budget of inflated bytes (8 MiB): a body of many flows
 * cannot add small artifacts up to unbounded memory.
 */
import { describe, expect, it } from 'vitest';
import { zipArtifact } from '../../../../shared/src/flows/import/test-archives';
import { migrateTemplateFlowsBody } from './template-flows-body';

/** A template flow whose one step is a CODE step kept as an artifact of `codeBytes` of code. */
const flowWithArtifact = (codeBytes: number) => ({
  displayName: 'Code artifact',
  trigger: {
    name: 'trigger',
    type: 'EMPTY',
    settings: {},
    nextAction: {
      name: 'step_1',
      type: 'CODE',
      settings: { input: {}, artifact: zipArtifact({ 'index.ts': 'x'.repeat(codeBytes) }) },
    },
  },
});

type MigratedFlow = { trigger: { nextAction: { settings: Record<string, unknown> } } };

describe('migrateTemplateFlowsBody', () => {
  it.each([
    // [flows of 256 KiB of code, how many are migrated]
    [32, 32],
    [40, 32],
  ])('of %s flows with 256 KiB artifacts migrates %s, leaving the rest to validation', (count, migrated) => {
    const body = {
      name: 'Many artifacts',
      flows: Array.from({ length: count }, () => flowWithArtifact(256 * 1024)),
    };
    const result = migrateTemplateFlowsBody(body) as { flows: MigratedFlow[] };
    const withSource = result.flows.filter((flow) => 'sourceCode' in flow.trigger.nextAction.settings);
    expect(withSource).toHaveLength(migrated);
    expect(result.flows.slice(migrated)).toEqual(body.flows.slice(migrated));
  });
});
