/**
 * A template's details: its description, tags, pieces, the flows and tables it creates, and
 * **Use template**, which creates them in the project (all or nothing) and opens the flow in the
 * builder — or the flows list when the template has several.
 */
import type { PieceMetadataSummary, Template } from '@piecework/shared';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/error-message';
import { Dialog } from '../../components/dialog';
import { useToast } from '../../components/toast';
import { PieceList, TagChip } from './template-card';
import { useUseTemplate } from './use-templates';

/** Props of {@link TemplateDialog}. */
export interface TemplateDialogProps {
  projectId: string;
  template: Template;
  catalogue: readonly PieceMetadataSummary[];
  onClose: () => void;
}

/** The details dialog of `template`. */
export function TemplateDialog({ projectId, template, catalogue, onClose }: TemplateDialogProps) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const use = useUseTemplate(projectId);
  const flows = template.flows ?? [];
  const tables = template.tables ?? [];
  const useTemplate = () =>
    use.mutate(template.id, {
      onSuccess: (created) => {
        const [first] = created.flows;
        if (created.flows.length === 1 && first !== undefined) {
          void navigate(`/projects/${projectId}/flows/${first.id}`);
        } else {
          toast(`Created ${String(created.flows.length)} flows from “${template.name}”`);
          void navigate(`/projects/${projectId}/flows`);
        }
      },
    });
  return (
    <Dialog
      title={template.name}
      size="wide"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={use.isPending}>
            Close
          </button>
          <button type="button" className="btn primary" onClick={useTemplate} disabled={use.isPending}>
            {use.isPending ? 'Creating…' : 'Use template'}
          </button>
        </>
      }
    >
      {use.isError ? (
        <div className="notice error" role="alert">
          {errorMessage(use.error)}
        </div>
      ) : null}
      {template.summary === '' ? null : <p className="template-summary">{template.summary}</p>}
      {template.description === '' ? null : <p className="template-description">{template.description}</p>}
      {template.tags.length === 0 ? null : (
        <div className="template-tags">
          {template.tags.map((tag) => (
            <TagChip key={tag.title} tag={tag} />
          ))}
        </div>
      )}
      <PieceList names={template.pieces} catalogue={catalogue} />
      <h3 className="template-creates-title">Creates</h3>
      <ul className="template-creates" aria-label="What the template creates">
        {flows.map((flow, index) => (
          <li key={`flow-${String(index)}`}>
            <span className="badge">Flow</span> <span>{flow.displayName}</span>
          </li>
        ))}
        {tables.map((table) => (
          <li key={`table-${table.externalId}`}>
            <span className="badge">Table</span> <span>{table.name}</span>{' '}
            <span className="muted">
              ({table.fields.map((field) => field.name).join(', ') || 'no fields'}
              {table.data == null ? '' : `; ${String(table.data.rows.length)} rows`})
            </span>
          </li>
        ))}
      </ul>
      {template.author === '' ? null : <p className="muted small">By {template.author}</p>}
    </Dialog>
  );
}
