/**
 * What dropdowns and DYNAMIC properties of a step's form are computed from: the piece, version
 * and action (or trigger) of the step and its current input, sent to `POST /v1/pieces/options`.
 * The step's form provides it; forms without it (a connection's custom-auth fields) cannot
 * compute options and say so.
 */
import { createContext, useContext } from 'react';
import type { InputValues } from './property-values';

/** The step whose properties are evaluated. */
export interface OptionsSource {
  readonly projectId: string;
  readonly pieceName: string;
  readonly pieceVersion: string;
  readonly actionOrTriggerName: string;
  readonly flowId: string;
  readonly flowVersionId: string;
  /** The step's current input (its `auth` included). */
  readonly input: InputValues;
}

const OptionsSourceContext = createContext<OptionsSource | null>(null);

/** Provides the {@link OptionsSource} to the properties inside. */
export const OptionsSourceProvider = OptionsSourceContext.Provider;

/** The step the enclosing form computes options for, or null. */
export function useOptionsSource(): OptionsSource | null {
  return useContext(OptionsSourceContext);
}
