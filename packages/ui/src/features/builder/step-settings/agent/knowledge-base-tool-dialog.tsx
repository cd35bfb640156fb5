/**
 * "Add a knowledge base": one of the project's tables, which the agent then searches (its records
 * by text) through a tool named after the table.
 */
import { agentToolName, type AgentKnowledgeBaseTool } from '@piecework/shared';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../../../components/dialog';
import { SelectField } from '../../../../components/field';
import { QueryState } from '../../../../components/query-state';
import { useToolTables } from './tool-lists';

/** Props of {@link KnowledgeBaseToolDialog}. */
export interface KnowledgeBaseToolDialogProps {
  projectId: string;
  onAdd: (tool: AgentKnowledgeBaseTool) => void;
  onClose: () => void;
}

/** The dialog that picks a table as a knowledge base. */
export function KnowledgeBaseToolDialog({ projectId, onAdd, onClose }: KnowledgeBaseToolDialogProps) {
  const tables = useToolTables(projectId);
  const [chosen, setChosen] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const table = tables.data?.find((item) => item.id === chosen);
    if (table === undefined) return;
    onAdd({
      type: 'KNOWLEDGE_BASE',
      toolName: agentToolName(`search_${table.name}`),
      sourceType: 'TABLE',
      sourceId: table.id,
      sourceName: table.name,
    });
  };
  return (
    <Dialog
      title="Add a knowledge base"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="kb-tool-form" className="btn primary" disabled={chosen === ''}>
            Add
          </button>
        </>
      }
    >
      <form id="kb-tool-form" onSubmit={onSubmit}>
        <QueryState query={tables} label="Loading tables">
          {(list) =>
            list.length === 0 ? (
              <p className="empty">This project has no table yet.</p>
            ) : (
              <SelectField
                label="Table"
                required
                value={chosen}
                placeholder="Choose a table"
                hint="The agent searches the table's records for what it needs."
                options={list.map((table) => ({ value: table.id, label: table.name }))}
                onValueChange={(value) => setChosen(value)}
              />
            )
          }
        </QueryState>
      </form>
    </Dialog>
  );
}
