/**
 * "Add a flow tool": one of the project's flows whose trigger is the MCP tool trigger or a
 * Callable Flow, named by its external id; its trigger's inputs become the tool's parameters.
 */
import { agentToolName, type AgentFlowTool } from '@piecework/shared';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../../../components/dialog';
import { SelectField } from '../../../../components/field';
import { QueryState } from '../../../../components/query-state';
import { useToolFlows } from './tool-lists';

/** Props of {@link FlowToolDialog}. */
export interface FlowToolDialogProps {
  projectId: string;
  onAdd: (tool: AgentFlowTool) => void;
  onClose: () => void;
}

/** The dialog that picks a flow as a tool. */
export function FlowToolDialog({ projectId, onAdd, onClose }: FlowToolDialogProps) {
  const flows = useToolFlows(projectId);
  const [chosen, setChosen] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const flow = flows.data?.find((item) => item.id === chosen);
    if (flow === undefined) return;
    onAdd({
      type: 'FLOW',
      toolName: agentToolName(flow.version.displayName),
      externalFlowId: flow.externalId ?? flow.id,
      flowDisplayName: flow.version.displayName,
    });
  };
  return (
    <Dialog
      title="Add a flow tool"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="flow-tool-form" className="btn primary" disabled={chosen === ''}>
            Add
          </button>
        </>
      }
    >
      <form id="flow-tool-form" onSubmit={onSubmit}>
        <QueryState query={flows} label="Loading flows">
          {(list) =>
            list.length === 0 ? (
              <p className="empty">
                No flow of this project starts with the MCP tool trigger or a Callable Flow trigger.
              </p>
            ) : (
              <SelectField
                label="Flow"
                required
                value={chosen}
                placeholder="Choose a flow"
                hint="Flows that start with the MCP tool trigger or a Callable Flow trigger."
                options={list.map((flow) => ({ value: flow.id, label: flow.version.displayName }))}
                onValueChange={(value) => setChosen(value)}
              />
            )
          }
        </QueryState>
      </form>
    </Dialog>
  );
}
