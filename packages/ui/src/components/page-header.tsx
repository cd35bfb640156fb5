/**
 * The title row of a page: its `<h1>`, a line of description and the page's main actions.
 * Embedded with `hidePageHeader`, only the actions remain (no `<header>`, no title).
 */
import type { ReactNode } from 'react';
import { useEmbedOptions } from '../embed/embed-context';

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right (e.g. "New flow"). */
  actions?: ReactNode;
}

/** The header of a page inside the app shell. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  const { hidePageHeader } = useEmbedOptions();
  if (hidePageHeader) {
    return actions === undefined ? null : (
      <div className="page-header" data-testid="page-actions">
        <div className="page-actions">{actions}</div>
      </div>
    );
  }
  return (
    <header className="page-header" data-testid="page-header">
      <div>
        <h1>{title}</h1>
        {description === undefined ? null : <p className="muted">{description}</p>}
      </div>
      {actions === undefined ? null : <div className="page-actions">{actions}</div>}
    </header>
  );
}
