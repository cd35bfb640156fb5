/**
 * The piece picker's category filters: a row of toggle buttons (one pressed at a time) that
 * scrolls sideways inside itself when it is wider than the dialog.
 */
import type { CategoryFilter } from './piece-categories';

/** Props of {@link CategoryChips}. */
export interface CategoryChipsProps {
  filters: readonly CategoryFilter[];
  selected: string;
  onSelect: (id: string) => void;
}

/** The chips of `filters`, `selected` pressed. */
export function CategoryChips({ filters, selected, onSelect }: CategoryChipsProps) {
  return (
    <div className="picker-chips" role="group" aria-label="Categories">
      {filters.map((filter) => (
        <button
          key={filter.id}
          type="button"
          className="picker-chip"
          aria-pressed={filter.id === selected}
          // "AI pieces", not "AI": a piece of the list may be named like a category.
          aria-label={`${filter.label} pieces`}
          onClick={() => onSelect(filter.id)}
        >
          {filter.label}
        </button>
      ))}
    </div>
  );
}
