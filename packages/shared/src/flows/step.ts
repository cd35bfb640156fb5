import { z } from 'zod';
import { StepName } from './step-name';
import { CodeStepSettings, LoopStepSettings, PieceStepSettings, RouterStepSettings } from './step-settings';

/** The four step (action) types. */
export const StepType = z.enum(['CODE', 'LOOP_ON_ITEMS', 'PIECE', 'ROUTER']);
export type StepType = z.infer<typeof StepType>;

const stepFields = {
  name: StepName,
  displayName: z.string(),
  valid: z.boolean(),
  skip: z.boolean().optional(),
  /** Set by the server on every change; never taken from a request. */
  lastUpdatedDate: z.string().optional(),
};

/** A CODE step without its links: what an ADD_ACTION / UPDATE_ACTION request carries. */
export const CodeStepFields = z.object({
  ...stepFields,
  type: z.literal('CODE'),
  settings: CodeStepSettings,
});
/** A LOOP_ON_ITEMS step without its links. */
export const LoopStepFields = z.object({
  ...stepFields,
  type: z.literal('LOOP_ON_ITEMS'),
  settings: LoopStepSettings,
});
/** A PIECE step without its links. */
export const PieceStepFields = z.object({
  ...stepFields,
  type: z.literal('PIECE'),
  settings: PieceStepSettings,
});
/** A ROUTER step without its links. */
export const RouterStepFields = z.object({
  ...stepFields,
  type: z.literal('ROUTER'),
  settings: RouterStepSettings,
});

const serverSet = { lastUpdatedDate: true } as const;
const valid = z.boolean().default(true);

/**
 * A step as sent in ADD_ACTION / UPDATE_ACTION: every field of the step but none of its links
 * (`nextAction`, `firstLoopAction`, `children` are dropped), no `lastUpdatedDate` (server-set)
 * and no `settings.sampleData` (ignored: stored sample data is kept). `valid` defaults to true.
 */
export const StepRequest = z.discriminatedUnion('type', [
  CodeStepFields.omit(serverSet).extend({ valid, settings: CodeStepSettings.omit({ sampleData: true }) }),
  LoopStepFields.omit(serverSet).extend({ valid, settings: LoopStepSettings.omit({ sampleData: true }) }),
  PieceStepFields.omit(serverSet).extend({ valid, settings: PieceStepSettings.omit({ sampleData: true }) }),
  RouterStepFields.omit(serverSet).extend({ valid, settings: RouterStepSettings.omit({ sampleData: true }) }),
]);
export type StepRequest = z.infer<typeof StepRequest>;

/** A CODE step in a flow version: runs `settings.sourceCode` in the sandbox. */
export type CodeStep = z.infer<typeof CodeStepFields> & { nextAction?: Step | null };
/** A LOOP_ON_ITEMS step: runs its `firstLoopAction` chain once per item. */
export type LoopStep = z.infer<typeof LoopStepFields> & {
  firstLoopAction?: Step | null;
  nextAction?: Step | null;
};
/** A PIECE step: runs a piece action. */
export type PieceStep = z.infer<typeof PieceStepFields> & { nextAction?: Step | null };
/** A ROUTER step: `children[i]` is the head of branch `i`'s chain, or null. */
export type RouterStep = z.infer<typeof RouterStepFields> & {
  children: (Step | null)[];
  nextAction?: Step | null;
};
/** Any step (action) of a flow version, with its links: a recursive tree. */
export type Step = CodeStep | LoopStep | PieceStep | RouterStep;

const nextAction = z.lazy((): z.ZodType<Step> => Step).nullish();
const codeStep = CodeStepFields.extend({ nextAction });
const loopStep = LoopStepFields.extend({
  firstLoopAction: z.lazy((): z.ZodType<Step> => Step).nullish(),
  nextAction,
});
const pieceStep = PieceStepFields.extend({ nextAction });
const routerStep = RouterStepFields.extend({
  children: z.array(z.lazy((): z.ZodType<Step> => Step).nullable()),
  nextAction,
}).refine((step) => step.children.length === step.settings.branches.length, {
  message: 'a router needs exactly one child entry (a step or null) per branch',
  path: ['children'],
});

/** Schema of a {@link CodeStep}. */
export const CodeStep: z.ZodType<CodeStep> = codeStep;
/** Schema of a {@link LoopStep}. */
export const LoopStep: z.ZodType<LoopStep> = loopStep;
/** Schema of a {@link PieceStep}. */
export const PieceStep: z.ZodType<PieceStep> = pieceStep;
/** Schema of a {@link RouterStep}; `children` must match `settings.branches` one to one. */
export const RouterStep: z.ZodType<RouterStep> = routerStep;

/** Schema of any {@link Step}, recursive through `nextAction`, loop bodies and router children. */
export const Step: z.ZodType<Step> = z.discriminatedUnion('type', [
  codeStep,
  loopStep,
  pieceStep,
  routerStep,
]);
