/**
 * The steps a field's references can read, as the reference editor shows them: each step's
 * label ("2. Send email"), its logo and its sample output once loaded. Given by the step settings
 * panel around its fields; outside it (e.g. in the new-connection dialog) there is none, and
 * fields stay plain text boxes.
 */
import type { PopulatedFlow } from '@piecework/shared';
import { useQueries } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useApi } from '../../../../api/session-context';
import { usePieces } from '../../../../api/use-pieces';
import { logoOf } from '../../canvas/canvas-elements';
import type { AnyStep, StepScope } from '../step-scope';
import type { SampleLookup } from './reference-preview';
import { sampleDataQuery } from './use-sample-data';

/** A step whose output a reference can read. */
export interface ReferenceSource {
  readonly name: string;
  /** What chips and completions call the step: "2. Send email", or "Loop on items" for a loop. */
  readonly label: string;
  readonly type: AnyStep['type'];
  readonly logoUrl: string | undefined;
  /** The piece of a piece step or trigger, for its monogram when it has no logo. */
  readonly pieceName: string | undefined;
}

/** What {@link useReferenceSources} answers. */
export interface ReferenceSources {
  /** The loops around the step, then the trigger and the earlier steps in execution order. */
  readonly steps: readonly ReferenceSource[];
  /** The loaded sample output of a step. */
  readonly sample: SampleLookup;
}

const ReferenceSourcesContext = createContext<ReferenceSources | null>(null);

/** Props of {@link ReferenceSourcesProvider}. */
export interface ReferenceSourcesProviderProps {
  projectId: string;
  flow: PopulatedFlow;
  scope: StepScope;
  children: ReactNode;
}

/** Loads the sample output of the steps in `scope` and gives them to the fields inside. */
export function ReferenceSourcesProvider({
  projectId,
  flow,
  scope,
  children,
}: ReferenceSourcesProviderProps) {
  const client = useApi();
  const pieces = usePieces(projectId);
  const steps: AnyStep[] = useMemo(() => [...scope.loops, ...scope.earlier], [scope.loops, scope.earlier]);
  const samples = useQueries({
    queries: steps.map((step) => sampleDataQuery(client, projectId, flow, step)),
  });
  const logos = useMemo(
    () => new Map((pieces.data ?? []).map((piece) => [piece.name, piece.logoUrl] as const)),
    [pieces.data],
  );
  const loaded = samples.map((sample) => (sample.isSuccess ? sample.data : undefined));
  const loadedKey = samples.map((sample) => sample.dataUpdatedAt).join(',');
  const value = useMemo((): ReferenceSources => {
    const loops = new Set(scope.loops.map((loop) => loop.name));
    const byName = new Map<string, { value: unknown }>();
    steps.forEach((step, at) => {
      if (samples[at]?.isSuccess === true) byName.set(step.name, { value: loaded[at] });
    });
    return {
      steps: steps.map((step) => ({
        name: step.name,
        label: loops.has(step.name)
          ? step.displayName
          : `${String(scope.earlier.indexOf(step) + 1)}. ${step.displayName}`,
        type: step.type,
        logoUrl: logoOf(step, logos),
        pieceName:
          step.type === 'PIECE' || step.type === 'PIECE_TRIGGER' ? step.settings.pieceName : undefined,
      })),
      sample: (name) => byName.get(name),
    };
    // The samples' identities change on every render; their update times say when data arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [steps, logos, loadedKey, scope]);
  return <ReferenceSourcesContext.Provider value={value}>{children}</ReferenceSourcesContext.Provider>;
}

/** Hides the enclosing panel's steps from the fields inside; use {@link WithoutDataSelector}. */
export function WithoutReferenceSources({ children }: { children: ReactNode }) {
  return <ReferenceSourcesContext.Provider value={null}>{children}</ReferenceSourcesContext.Provider>;
}

/** The steps the enclosing step settings' references can read, or null outside the panel. */
export function useReferenceSources(): ReferenceSources | null {
  return useContext(ReferenceSourcesContext);
}
