/** The flows page's search box: filters by name as you type (a quarter second after the last key). */
import { useEffect, useState } from 'react';
import type { FlowsView } from './flows-view';

/** A labelled search field bound to the view's `name`. */
export function FlowSearch({ view }: { view: FlowsView }) {
  const [draft, setDraft] = useState(view.name);
  useEffect(() => {
    if (draft.trim() === view.name.trim()) return;
    const timer = setTimeout(() => view.search(draft.trim()), 250);
    return () => clearTimeout(timer);
  }, [draft, view]);
  return (
    <div className="field flow-search">
      <label htmlFor="flow-search" className="visually-hidden">
        Search flows by name
      </label>
      <input
        id="flow-search"
        type="search"
        placeholder="Search flows"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
    </div>
  );
}
