/**
 * A table of rows in the app's look: a horizontally scrolling frame (narrow windows), a header
 * row of labelled columns, the rows as children. Use it for every list page's table.
 */
import type { ReactNode } from 'react';

/** One column's header. */
export interface DataTableColumn {
  label: string;
  /** Classes of the header cell, e.g. `hide-narrow` (hidden under 720 px) or `actions`. */
  className?: string;
  /** Keep the label for screen readers only (a column of row buttons). */
  hideLabel?: boolean;
  /** What the header cell shows instead of the label (a "select all" checkbox named by it). */
  header?: ReactNode;
}

/** Props of {@link DataTable}. */
export interface DataTableProps {
  columns: readonly DataTableColumn[];
  /** Extra classes of the `<table>`. */
  className?: string;
  /** The `<tr>` rows. */
  children: ReactNode;
}

/** The table with `columns` as its header and `children` as its body. */
export function DataTable({ columns, className, children }: DataTableProps) {
  return (
    <div className="table-wrap">
      <table className={className === undefined ? 'data' : `data ${className}`}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.className}>
                {column.header !== undefined ? (
                  column.header
                ) : column.hideLabel === true ? (
                  <span className="visually-hidden">{column.label}</span>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
