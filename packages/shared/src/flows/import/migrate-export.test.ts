import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FlowVersion } from '../flow-version';
import { apply, emptyDraft, outline } from '../../testing';
import { findStep } from '../algebra/walk';
import { migrateExport, migrateImportRequest } from './migrate-export';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));

/** Migrates a fixture's only flow and imports it into an empty draft. */
function imported(name: string): FlowVersion {
  const result = migrateExport(fixture(name));
  if (!result.ok) throw new Error(result.refusal.message);
  expect(result.flows).toHaveLength(1);
  return apply(emptyDraft(), { type: 'IMPORT_FLOW', request: result.flows[0]!.request });
}

const invalidSteps = (version: FlowVersion) =>
  (version.validationIssues ?? []).map((issue) => `${issue.stepName}: ${issue.code}`);

describe('migrateExport over the real exports', () => {
  it.each([
    // [fixture, shape, exported schemaVersion, steps left invalid (and why)]
    ['aboxofrice-narmi-kinective-import-flow-op', 'op', '10', []],
    ['aboxofrice-sageworks-hubspot-nested-routers-flows', 'flows', '10', []],
    ['built-code-artifact-template', 'template', null, []],
    ['ap-copilot-sheets-to-slack-template-v1', 'template', '1', ['step_1: MARKED_INVALID']],
    ['ap-skill-api-format-bare-import', 'bare', '16', []],
    ['ap-skill-forms-code-steps-populated', 'populated', '16', []],
    ['ap-skill-loop-schedule-populated', 'populated', '16', []],
    ['ap-skill-router-branching-populated', 'populated', '16', []],
    ['ap-skill-webhook-router-http-populated', 'populated', '16', []],
    ['ap-solution-automate-blog-writing-state-flows', 'state', '5', []],
    ['eightbit-data-passthrough-empty-trigger-flows', 'flows', null, ['trigger: TRIGGER_NOT_SET']],
    ['eightbit-escalation-handler-subflow-ai-flows', 'flows', '16', []],
    ['lagomus-generate-attributes-from-ml-loop-template', 'template', null, []],
    ['lagomus-generate-pricelist-code-sheets-template', 'template', null, []],
    ['lagomus-new-order-mapping-code-template', 'template', null, []],
    ['lagomus-publish-products-ml-branch-loops-template', 'template', null, []],
    ['lagomus-reviews-code-loop-template', 'template', null, []],
    ['lagomus-update-product-stock-webhook-template', 'template', null, []],
    ['sameul-p0-delay-code-bare', 'bare', '16', []],
    ['sameul-p0-logic-router-loop-builtins-bare', 'bare', '16', []],
    ['yossefamr-portfolio-contact-v23-continue-on-failure-branches', 'flows', '23', []],
  ])('%s: %s, schemaVersion %s, imports and validates', (name, shape, schemaVersion, invalid) => {
    const result = migrateExport(fixture(name));
    expect(result.ok && result.shape).toBe(shape);
    expect(result.ok && result.flows.map((flow) => flow.exportedSchemaVersion)).toEqual([schemaVersion]);
    const version = imported(name);
    expect(FlowVersion.safeParse(version).success).toBe(true);
    expect(invalidSteps(version)).toEqual(invalid);
  });

  it.each([
    ['ap-2022-engine-collection-metadata', 'FORMAT_2022', ''],
    ['ap-2022-engine-flow-with-error', 'FORMAT_2022', ''],
    ['ap-2022-engine-flow-with-loops', 'FORMAT_2022', ''],
    ['ap-2022-engine-nested-loop-merge-iterations', 'FORMAT_2022', ''],
    ['mapo80-fork-interactive-flow-v20-flows', 'UNKNOWN_STEP_TYPE', 'flows.0.trigger.nextAction'],
  ])('%s is refused: %s', (name, reason, path) => {
    const result = migrateExport(fixture(name));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect({ reason: result.refusal.reason, path: result.refusal.path ?? '' }).toEqual({ reason, path });
  });

  it('imports a solution with no flows as zero flows', () => {
    expect(migrateExport(fixture('ap-solution-customer-support-empty-state-flows'))).toEqual({
      ok: true,
      shape: 'state',
      flows: [],
    });
  });
});

describe('what the migration rewrites', () => {
  it('turns an old BRANCH into a two-branch router, filling the condition', () => {
    const version = imported('lagomus-publish-products-ml-branch-loops-template');
    const branch = findStep(version, 'step_18');
    expect(branch?.type).toBe('ROUTER');
    if (branch?.type !== 'ROUTER') return;
    expect(branch.settings.branches.map((b) => b.branchType)).toEqual(['CONDITION', 'FALLBACK']);
    expect(branch.settings.branches[0]).toMatchObject({
      conditions: [[{ operator: 'BOOLEAN_IS_TRUE', firstValue: "{{step_17['output']}}" }]],
    });
    expect(branch.children[0]?.name).toBe('step_13');
    expect(branch.children[1]).toBeNull();
  });

  it('turns the WEBHOOK trigger into the webhook piece and upgrades dot references', () => {
    const version = imported('lagomus-generate-attributes-from-ml-loop-template');
    expect(version.trigger).toMatchObject({
      type: 'PIECE_TRIGGER',
      settings: { pieceName: '@activepieces/piece-webhook', triggerName: 'catch_webhook' },
    });
    expect(findStep(version, 'step_3')?.settings).toMatchObject({
      items: "{{step_5['output']['categories']}}",
    });
  });

  it('turns continueOnFailureBranches into a router on the step error', () => {
    const version = imported('yossefamr-portfolio-contact-v23-continue-on-failure-branches');
    expect(outline(version)).toEqual(['step_4', 'step_1', { step_5: [['step_3'], ['step_2']] }]);
    expect(findStep(version, 'step_1')?.settings).toMatchObject({
      errorHandlingOptions: { continueOnFailure: { value: true } },
    });
  });

  it('resolves a display-name reference to the step it names', () => {
    const version = imported('eightbit-escalation-handler-subflow-ai-flows');
    const texts = JSON.stringify(version.trigger);
    expect(texts).toContain("step_1['output'].response");
    expect(texts).toContain("trigger['output'].customer_name");
  });
});

describe('migrateImportRequest (the IMPORT_FLOW path)', () => {
  it('passes a current request through unchanged', () => {
    const request = { displayName: 'Same', trigger: emptyDraft().trigger, schemaVersion: null };
    expect(migrateImportRequest(request)).toEqual({ ok: true, request });
  });

  it('is idempotent: a migrated request migrates to itself', () => {
    const first = migrateExport(fixture('lagomus-publish-products-ml-branch-loops-template'));
    if (!first.ok) throw new Error('refused');
    const again = migrateExport(first.flows[0]!.request);
    expect(again.ok && again.flows[0]!.request).toEqual(first.flows[0]!.request);
  });

  it.each([
    ['a number', 42, 'NOT_AN_EXPORT'],
    ['an object with no flow', { hello: 'world' }, 'NOT_AN_EXPORT'],
    [
      'two flows at once',
      { flows: [fixture('sameul-p0-delay-code-bare'), fixture('sameul-p0-delay-code-bare')] },
      'NOT_AN_EXPORT',
    ],
    [
      'a bad condition operator',
      {
        displayName: 'x',
        trigger: {
          name: 'trigger',
          type: 'EMPTY',
          nextAction: { name: 's', type: 'BRANCH', settings: { conditions: [[{ operator: 'NOPE' }]] } },
        },
      },
      'INVALID_FLOW',
    ],
  ])('refuses %s', (_, raw, reason) => {
    const result = migrateImportRequest(raw);
    expect(result.ok === false && result.refusal.reason).toBe(reason);
  });
});
