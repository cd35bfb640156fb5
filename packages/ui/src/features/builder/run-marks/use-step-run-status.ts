/**
 * How the canvas reaches the builder's {@link StepRunMarks}: a context the builder provides and a
 * hook a card uses to read its own step's status. A card re-renders only when its status changes.
 */
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { createStepRunMarks, type StepRunMarks, type StepRunStatus } from './step-run-marks';

const StepRunMarksContext = createContext<StepRunMarks>(createStepRunMarks());

/** Provides the builder's run statuses to the cards inside it. */
export const StepRunMarksProvider = StepRunMarksContext.Provider;

/** The run status of step `name` (inside {@link StepRunMarksProvider}; none outside one). */
export function useStepRunStatus(name: string): StepRunStatus | undefined {
  const marks = useContext(StepRunMarksContext);
  const read = useCallback(() => marks.statusOf(name), [marks, name]);
  return useSyncExternalStore(marks.subscribe, read, read);
}
