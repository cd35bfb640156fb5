/**
 * A chart with its title and description, as a `<figure>` named by its caption. The drawing is
 * hidden from screen readers; what it shows is given to them instead as a visually hidden table
 * (`summary`), so every figure of the chart can be read without seeing it.
 */
import { useId, type ReactNode } from 'react';

/** Props of {@link ChartFigure}. */
export interface ChartFigureProps {
  title: string;
  description: string;
  /** The chart itself (a recharts chart in a `ResponsiveContainer`). */
  children: ReactNode;
  /** The chart's data as rows of cells, the first row being the header. */
  summary: readonly (readonly (string | number)[])[];
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string | undefined;
}

/** One chart of the Impact pages, titled, described, with its data for screen readers. */
export function ChartFigure({ title, description, children, summary, empty }: ChartFigureProps) {
  const titleId = useId();
  const [header, ...rows] = summary;
  return (
    <figure className="impact-chart" aria-labelledby={titleId}>
      <figcaption>
        <h2 id={titleId}>{title}</h2>
        <p className="muted">{description}</p>
      </figcaption>
      {empty !== undefined && rows.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <>
          <div className="impact-chart-drawing" aria-hidden="true">
            {children}
          </div>
          <table className="visually-hidden">
            <caption>{title}</caption>
            <thead>
              <tr>
                {(header ?? []).map((cell) => (
                  <th key={String(cell)} scope="col">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  {row.map((cell, column) => (
                    <td key={column}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
