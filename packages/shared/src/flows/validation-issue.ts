import { z } from 'zod';
import { StepName } from './step-name';

/**
 * Why a step (or the trigger) is not valid. The first three come from the step itself
 * (`TRIGGER_NOT_SET`, `STEP_INCOMPLETE`, `MARKED_INVALID`: the client's own `valid: false`); the
 * `REFERENCE_*` ones from its `{{ }}` references; `CODE_*` and `PIECE_NOT_INSTALLED` from the
 * server, which can parse code and knows the installed pieces.
 */
export const FlowValidationIssueCode = z.enum([
  'TRIGGER_NOT_SET',
  'STEP_INCOMPLETE',
  'MARKED_INVALID',
  'REFERENCE_UNKNOWN_STEP',
  'REFERENCE_NOT_IN_SCOPE',
  'REFERENCE_MISSING_OUTPUT',
  'REFERENCE_UNPARSEABLE',
  'CODE_SYNTAX_ERROR',
  'PIECE_NOT_INSTALLED',
]);
export type FlowValidationIssueCode = z.infer<typeof FlowValidationIssueCode>;

/**
 * One reason a step is not valid, as a client shows it next to the step: `message` is a
 * sentence saying what to write or do instead; `params` carries its facts (the reference, the
 * suggested form, the piece to install...) for clients that build their own text.
 */
export const FlowValidationIssue = z.object({
  stepName: StepName,
  code: FlowValidationIssueCode,
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type FlowValidationIssue = z.infer<typeof FlowValidationIssue>;

/** A {@link FlowValidationIssue} before it is attached to its step (what a check returns). */
export type StepProblem = Omit<FlowValidationIssue, 'stepName'>;

/** The codes that come from the step alone (its settings or its client's `valid` flag). */
export const STEP_OWN_ISSUE_CODES: ReadonlySet<FlowValidationIssueCode> = new Set([
  FlowValidationIssueCode.enum.TRIGGER_NOT_SET,
  FlowValidationIssueCode.enum.STEP_INCOMPLETE,
  FlowValidationIssueCode.enum.MARKED_INVALID,
]);
