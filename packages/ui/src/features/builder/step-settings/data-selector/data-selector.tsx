/**
 * The data selector: while a field that accepts `{{ }}` references has focus, a panel listing
 * what the step can read — the current item and index of each loop it runs in, then the trigger
 * and each earlier step with its sample output as a tree. A search finds keys and values (the
 * matches shown expanded and marked; arrow keys move from the search box through the results).
 * Clicking a key (or Enter on it) inserts its reference at the field's caret, e.g. `{{step_1['output']['items'][0]['name']}}`.
 */
import type { PopulatedFlow } from '@piecework/shared';
import { useId, useState } from 'react';
import type { StepScope } from '../step-scope';
import { useDataSelector } from './data-selector-context';
import { DATA_SELECTOR_ATTRIBUTE } from './data-selector-context';
import { moveWithArrows } from './arrow-navigation';
import { LoopEntry, StepEntry } from './step-entry';

/** Props of {@link DataSelector}. */
export interface DataSelectorProps {
  projectId: string;
  flow: PopulatedFlow;
  scope: StepScope;
}

/** The selector panel, shown while a reference field has focus. */
export function DataSelector({ projectId, flow, scope }: DataSelectorProps) {
  const selector = useDataSelector();
  const titleId = useId();
  const [search, setSearch] = useState('');
  const target = selector?.target ?? null;
  if (selector === null || target === null) return null;
  const insert = (reference: string) => target.insert(reference);
  const query = search.trim().toLowerCase();
  const lastEarlier = scope.earlier.at(-1)?.name;
  return (
    <section
      className="data-selector"
      aria-labelledby={titleId}
      {...{ [DATA_SELECTOR_ATTRIBUTE]: '' }}
      onKeyDown={(event) => {
        moveWithArrows(event);
        if (event.key === 'Escape') {
          event.stopPropagation();
          target.focus();
          selector.close();
        }
      }}
    >
      <div className="ds-header">
        <h3 id={titleId}>Data selector</h3>
        <span className="muted small ds-target">Insert into {target.label}</span>
        <button
          type="button"
          className="icon-btn"
          aria-label="Close the data selector"
          onClick={selector.close}
        >
          ×
        </button>
      </div>
      <input
        type="search"
        className="ds-search"
        aria-label="Search the data of earlier steps"
        placeholder="Search keys and values"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {scope.earlier.length === 0 && scope.loops.length === 0 ? (
        <p className="muted small">Nothing runs before this step: there is no data to insert here.</p>
      ) : (
        <ul className="ds-steps">
          {scope.loops.map((loop) => (
            <LoopEntry
              key={loop.name}
              projectId={projectId}
              flow={flow}
              loop={loop}
              search={query}
              onInsert={insert}
            />
          ))}
          {scope.earlier.map((step, at) => (
            <StepEntry
              key={step.name}
              projectId={projectId}
              flow={flow}
              step={step}
              position={at + 1}
              search={query}
              initiallyOpen={step.name === lastEarlier}
              onInsert={insert}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
