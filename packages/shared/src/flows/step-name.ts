import { z } from 'zod';

/**
 * A step or trigger name: a letter or underscore, then letters, digits or underscores.
 * The trigger is always `trigger`; steps are `step_N` when Piecework names them.
 */
export const StepName = z
  .string()
  .regex(
    /^[A-Za-z_][A-Za-z0-9_]*$/,
    'must start with a letter or underscore, then letters, digits or underscores',
  );
export type StepName = z.infer<typeof StepName>;

/** The trigger's fixed name. */
export const TRIGGER_NAME = 'trigger';
