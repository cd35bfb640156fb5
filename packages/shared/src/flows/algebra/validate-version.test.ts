import { describe, expect, it } from 'vitest';
import type { FlowOperation } from '../operations';
import type { FlowValidationIssueCode } from '../validation-issue';
import { add, apply, codeStep, emptyDraft, loopStep, routerStep } from '../../testing';
import { validateFlowVersion } from './validate-version';

/** A code step whose input `v` is `text`. */
const reads = (name: string, text: string) => codeStep(name, { v: text });
const issuesOf = (operations: FlowOperation[]) =>
  apply(emptyDraft(), ...operations).validationIssues!.map((issue) => [issue.stepName, issue.code]);

describe('validateFlowVersion: references', () => {
  it.each<[string, FlowOperation[], [string, FlowValidationIssueCode][]]>([
    [
      'an earlier step, NESTED',
      [add('trigger', codeStep('step_1')), add('step_1', reads('step_2', "{{step_1['output'].x}}"))],
      [],
    ],
    [
      'the error of an earlier step',
      [add('trigger', codeStep('step_1')), add('step_1', reads('step_2', "{{step_1['error'].message}}"))],
      [],
    ],
    ['.output spelling', [add('trigger', reads('step_1', '{{trigger.output.body.name}}'))], []],
    [
      'connections and globals',
      [add('trigger', reads('step_1', "{{connections['x']}} {{Math.max(1, 2)}}"))],
      [],
    ],
    [
      'the bracket dialect without output',
      [add('trigger', reads('step_1', "{{trigger['body']['name']}}"))],
      [['step_1', 'REFERENCE_MISSING_OUTPUT']],
    ],
    [
      'the bare dialect',
      [add('trigger', reads('step_1', '{{trigger.body.name}}'))],
      [['step_1', 'REFERENCE_MISSING_OUTPUT']],
    ],
    [
      'a step that does not exist',
      [add('trigger', reads('step_1', '{{step_9.x}}'))],
      [['step_1', 'REFERENCE_UNKNOWN_STEP']],
    ],
    [
      'a later step',
      [add('trigger', reads('step_1', "{{step_2['output']}}")), add('step_1', codeStep('step_2'))],
      [['step_1', 'REFERENCE_NOT_IN_SCOPE']],
    ],
    [
      'itself',
      [add('trigger', reads('step_1', "{{step_1['output']}}"))],
      [['step_1', 'REFERENCE_NOT_IN_SCOPE']],
    ],
    [
      'an unparseable expression',
      [add('trigger', reads('step_1', "{{trigger['output'].}}"))],
      [['step_1', 'REFERENCE_UNPARSEABLE']],
    ],
    [
      'the loop item inside the loop',
      [
        add('trigger', loopStep('step_1')),
        add('step_1', reads('step_2', "{{step_1['output'].item}}"), 'INSIDE_LOOP'),
      ],
      [],
    ],
    [
      'a loop body step after the loop',
      [
        add('trigger', loopStep('step_1')),
        add('step_1', codeStep('step_2'), 'INSIDE_LOOP'),
        add('step_1', reads('step_3', "{{step_2['output']}}"), 'AFTER'),
      ],
      [['step_3', 'REFERENCE_NOT_IN_SCOPE']],
    ],
    [
      'another branch of a router',
      [
        add('trigger', routerStep('step_1')),
        add('step_1', codeStep('step_2'), 'INSIDE_BRANCH', 0),
        add('step_1', reads('step_3', "{{step_2['output']}}"), 'INSIDE_BRANCH', 1),
      ],
      [['step_3', 'REFERENCE_NOT_IN_SCOPE']],
    ],
    [
      'a branch step after the router',
      [
        add('trigger', routerStep('step_1')),
        add('step_1', codeStep('step_2'), 'INSIDE_BRANCH', 0),
        add('step_1', reads('step_3', "{{step_2['output'] ?? step_1['output']}}"), 'AFTER'),
      ],
      [],
    ],
    [
      'a loop items reference to a later step',
      [
        add('trigger', loopStep('step_1', "{{step_2['output']}}")),
        add('step_1', codeStep('step_2'), 'AFTER'),
      ],
      [['step_1', 'REFERENCE_NOT_IN_SCOPE']],
    ],
  ])('%s', (_, operations, expected) => {
    expect(issuesOf(operations)).toEqual(expected);
  });

  it('makes the step and the version invalid, saying what to write instead', () => {
    const version = apply(emptyDraft(), add('trigger', reads('step_1', "Hi {{trigger['body']['name']}}")));
    expect(version.valid).toBe(false);
    expect(version.trigger.nextAction?.valid).toBe(false);
    expect(version.validationIssues).toEqual([
      {
        stepName: 'step_1',
        code: 'REFERENCE_MISSING_OUTPUT',
        message:
          "{{trigger['body']['name']}} reads trigger without ['output'] or ['error'], so it would be empty: write {{trigger['output']['body']['name']}} instead",
        params: {
          reference: 'trigger',
          expression: "trigger['body']['name']",
          suggestion: "{{trigger['output']['body']['name']}}",
        },
      },
    ]);
  });

  it('a step invalid only through a reference becomes valid once the referenced step exists', () => {
    const broken = apply(emptyDraft(), add('trigger', reads('step_1', "{{step_2['output']}}")));
    expect(broken.valid).toBe(false);
    const moved = apply(broken, add('trigger', codeStep('step_2')));
    expect(moved.validationIssues).toEqual([]);
    expect(moved.valid).toBe(true);
  });

  it("keeps the client's own valid: false through reference checks", () => {
    const marked = { ...reads('step_1', "{{step_2['output']}}"), valid: false };
    const version = apply(emptyDraft(), add('trigger', marked), add('trigger', codeStep('step_2')));
    expect(version.validationIssues?.map((issue) => issue.code)).toEqual(['MARKED_INVALID']);
    expect(version.valid).toBe(false);
  });

  it('is idempotent, and runs extra checks of the caller', () => {
    const version = apply(emptyDraft(), add('trigger', reads('step_1', '{{step_9.x}}')));
    expect(validateFlowVersion(version)).toEqual(version);
    const checked = validateFlowVersion(version, {
      checkStep: (step) =>
        step.type === 'CODE' ? [{ code: 'CODE_SYNTAX_ERROR', message: 'bad', params: {} }] : [],
    });
    expect(checked.validationIssues?.map((issue) => issue.code)).toEqual([
      'REFERENCE_UNKNOWN_STEP',
      'CODE_SYNTAX_ERROR',
    ]);
    expect(validateFlowVersion(checked).validationIssues?.map((issue) => issue.code)).toEqual([
      'REFERENCE_UNKNOWN_STEP',
    ]);
  });
});
