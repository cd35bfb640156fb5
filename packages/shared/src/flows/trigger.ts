import { z } from 'zod';
import { Step } from './step';
import { StepName } from './step-name';
import { PieceTriggerSettings } from './step-settings';

/** The two trigger types. */
export const TriggerType = z.enum(['PIECE_TRIGGER', 'EMPTY']);
export type TriggerType = z.infer<typeof TriggerType>;

const triggerFields = {
  name: StepName,
  valid: z.boolean(),
  displayName: z.string(),
  /** Set by the server on every change; never taken from a request. */
  lastUpdatedDate: z.string().optional(),
};

/** An EMPTY trigger (no settings constraints): what a new flow starts with. Never valid. */
export const EmptyTriggerFields = z.object({
  ...triggerFields,
  type: z.literal('EMPTY'),
  settings: z.record(z.string(), z.unknown()),
});
/** A PIECE_TRIGGER without its `nextAction` chain. */
export const PieceTriggerFields = z.object({
  ...triggerFields,
  type: z.literal('PIECE_TRIGGER'),
  settings: PieceTriggerSettings,
});

/**
 * A trigger as sent in UPDATE_TRIGGER: no `nextAction` (the chain is kept) and no
 * `lastUpdatedDate` (server-set) and no `settings.sampleData` (ignored, stored sample data kept); `valid` defaults to true (false for EMPTY).
 */
export const TriggerRequest = z.discriminatedUnion('type', [
  EmptyTriggerFields.omit({ lastUpdatedDate: true }).extend({ valid: z.boolean().default(false) }),
  PieceTriggerFields.omit({ lastUpdatedDate: true }).extend({
    valid: z.boolean().default(true),
    settings: PieceTriggerSettings.omit({ sampleData: true }),
  }),
]);
export type TriggerRequest = z.infer<typeof TriggerRequest>;

/** An EMPTY trigger with its chain. */
export type EmptyTrigger = z.infer<typeof EmptyTriggerFields> & { nextAction?: Step | null };
/** A PIECE_TRIGGER with its chain. */
export type PieceTrigger = z.infer<typeof PieceTriggerFields> & { nextAction?: Step | null };
/** A flow version's trigger; `nextAction` heads the chain of steps. */
export type Trigger = EmptyTrigger | PieceTrigger;

const nextAction = z.lazy((): z.ZodType<Step> => Step).nullish();
const emptyTrigger = EmptyTriggerFields.extend({ nextAction });
const pieceTrigger = PieceTriggerFields.extend({ nextAction });

/** Schema of an {@link EmptyTrigger}. */
export const EmptyTrigger: z.ZodType<EmptyTrigger> = emptyTrigger;
/** Schema of a {@link PieceTrigger}. */
export const PieceTrigger: z.ZodType<PieceTrigger> = pieceTrigger;
/** Schema of a {@link Trigger} with its whole step tree. */
export const Trigger: z.ZodType<Trigger> = z.discriminatedUnion('type', [emptyTrigger, pieceTrigger]);
