/** The title row of a page: its `<h1>`, a line of description and the page's main actions. */
import type { ReactNode } from 'react';

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right (e.g. "New flow"). */
  actions?: ReactNode;
}

/** The header of a page inside the app shell. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {description === undefined ? null : <p className="muted">{description}</p>}
      </div>
      {actions === undefined ? null : <div className="page-actions">{actions}</div>}
    </header>
  );
}
