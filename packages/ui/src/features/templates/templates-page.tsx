/**
 * The templates gallery (`/projects/:projectId/templates`), Activepieces' Templates
 * screen: a card per template (the official ones the server ships and the platform's own), a
 * search over names, summaries and descriptions, a category and a type filter; a card opens the
 * template's details, where **Use template** creates its flows and tables in the project.
 */
import type { Template, TemplateType } from '@piecework/shared';
import { useEffect, useState } from 'react';
import { usePieces } from '../../api/use-pieces';
import { useProjectId } from '../../api/use-projects';
import { SelectField } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TemplateCard } from './template-card';
import { TemplateDialog } from './template-dialog';
import { useTemplateCategories, useTemplates, type TemplatesView } from './use-templates';
import './templates.css';

/** The type filter's choices. */
const TYPE_OPTIONS: { value: TemplateType | ''; label: string }[] = [
  { value: '', label: 'All types' },
  { value: 'OFFICIAL', label: 'Official' },
  { value: 'CUSTOM', label: 'Custom' },
  { value: 'SHARED', label: 'Shared' },
];

/** A category as users read it: `DEVELOPER_TOOLS` -> "Developer tools". */
export function categoryLabel(category: string): string {
  const words = category.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The page of this route. */
export function Page() {
  const projectId = useProjectId();
  const [draft, setDraft] = useState('');
  const [view, setView] = useState<TemplatesView>({ search: '', category: '', type: '' });
  useEffect(() => {
    if (draft.trim() === view.search) return;
    const timer = setTimeout(() => setView((was) => ({ ...was, search: draft.trim() })), 250);
    return () => clearTimeout(timer);
  }, [draft, view.search]);
  const templates = useTemplates(view);
  const categories = useTemplateCategories();
  const pieces = usePieces(projectId);
  const catalogue = pieces.data ?? [];
  const [open, setOpen] = useState<Template | null>(null);
  return (
    <div className="page templates-page">
      <PageHeader title="Templates" description="Start from a ready-made automation: its flows and tables." />
      <div className="toolbar">
        <div className="field template-search">
          <label htmlFor="template-search" className="visually-hidden">
            Search templates
          </label>
          <input
            id="template-search"
            type="search"
            placeholder="Search templates"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <SelectField
          label="Category"
          value={view.category}
          options={[
            { value: '', label: 'All categories' },
            ...(categories.data ?? []).map((category) => ({
              value: category,
              label: categoryLabel(category),
            })),
          ]}
          onValueChange={(value) => setView({ ...view, category: value })}
        />
        <SelectField
          label="Type"
          value={view.type}
          options={TYPE_OPTIONS}
          onValueChange={(value) => setView({ ...view, type: value as TemplateType | '' })}
        />
      </div>
      <QueryState query={templates} label="Loading templates">
        {(page) =>
          page.data.length === 0 ? (
            <p className="empty">No template matches.</p>
          ) : (
            <ul className="template-gallery" aria-label="Templates">
              {page.data.map((template) => (
                <li key={template.id}>
                  <TemplateCard template={template} catalogue={catalogue} onOpen={() => setOpen(template)} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {open === null ? null : (
        <TemplateDialog
          projectId={projectId}
          template={open}
          catalogue={catalogue}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
