/**
 * The tools of an agent step: the list (each with what it is and a Remove button; a piece tool
 * whose piece needs a connection also gets the connection picker) and "Add tool" with its four
 * kinds — a piece action (the piece picker, pieces only), a flow, an MCP server, a knowledge base.
 */
import { agentToolName, type AgentPieceTool, type AgentTool } from '@piecework/shared';
import { useState } from 'react';
import { usePiece } from '../../../../api/use-pieces';
import { MenuButton } from '../../../../components/menu-button';
import { PiecePicker } from '../../piece-picker/piece-picker';
import { ConnectionPicker } from '../piece/connection-picker';
import { connectionReference, referencedConnection } from '../piece/connection-reference';
import { connectionAuth } from '../piece/piece-step-settings';
import { FlowToolDialog } from './flow-tool-dialog';
import { KnowledgeBaseToolDialog } from './knowledge-base-tool-dialog';
import { McpToolDialog } from './mcp-tool-dialog';

/** Props of {@link AgentToolsEditor}. */
export interface AgentToolsEditorProps {
  projectId: string;
  tools: readonly AgentTool[];
  onChange: (tools: AgentTool[]) => void;
  disabled: boolean;
}

type Adding = 'PIECE' | 'FLOW' | 'MCP' | 'KNOWLEDGE_BASE' | null;

/** What a tool is, in a few words. */
export function describeTool(tool: AgentTool): { kind: string; name: string } {
  switch (tool.type) {
    case 'PIECE':
      return {
        kind: 'Piece action',
        name: `${tool.pieceMetadata.pieceName} · ${tool.pieceMetadata.actionName}`,
      };
    case 'FLOW':
      return { kind: 'Flow', name: tool.flowDisplayName ?? tool.externalFlowId };
    case 'MCP':
      return { kind: 'MCP server', name: tool.serverUrl };
    case 'KNOWLEDGE_BASE':
      return { kind: 'Knowledge base', name: tool.sourceName ?? tool.sourceId };
  }
}

/** A tool name not yet taken among `tools` (`name`, then `name_2`...). */
function uniqueName(tools: readonly AgentTool[], name: string): string {
  const taken = new Set(tools.map((tool) => tool.toolName));
  let candidate = name;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${name}_${String(n)}`;
  return candidate;
}

/** The tools list and the "Add tool" menu. */
export function AgentToolsEditor({ projectId, tools, onChange, disabled }: AgentToolsEditorProps) {
  const [adding, setAdding] = useState<Adding>(null);
  const add = (tool: AgentTool) => {
    onChange([...tools, { ...tool, toolName: uniqueName(tools, tool.toolName) }]);
    setAdding(null);
  };
  const replace = (index: number, tool: AgentTool) => onChange(tools.map((t, i) => (i === index ? tool : t)));
  return (
    <fieldset className="agent-tools" aria-labelledby="agent-tools-title">
      <div className="section-title">
        <h3 id="agent-tools-title">Tools</h3>
        {disabled ? null : (
          <MenuButton
            label="Add tool"
            className="btn small"
            items={[
              { label: 'Piece action', onSelect: () => setAdding('PIECE') },
              { label: 'Flow', onSelect: () => setAdding('FLOW') },
              { label: 'MCP server', onSelect: () => setAdding('MCP') },
              { label: 'Knowledge base', onSelect: () => setAdding('KNOWLEDGE_BASE') },
            ]}
          >
            Add tool
          </MenuButton>
        )}
      </div>
      {tools.length === 0 ? (
        <p className="muted">No tool: the agent only writes text.</p>
      ) : (
        <ul className="agent-tool-list">
          {tools.map((tool, index) => {
            const { kind, name } = describeTool(tool);
            return (
              <li key={`${tool.toolName}-${String(index)}`}>
                <div className="agent-tool-row">
                  <span>
                    <span className="badge">{kind}</span> <strong>{name}</strong>{' '}
                    <span className="muted mono">{tool.toolName}</span>
                  </span>
                  {disabled ? null : (
                    <button
                      type="button"
                      className="btn small"
                      aria-label={`Remove the tool ${tool.toolName}`}
                      onClick={() => onChange(tools.filter((_, i) => i !== index))}
                    >
                      Remove
                    </button>
                  )}
                </div>
                {tool.type === 'PIECE' ? (
                  <PieceToolConnection
                    projectId={projectId}
                    tool={tool}
                    disabled={disabled}
                    onChange={(next) => replace(index, next)}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {adding === 'PIECE' ? (
        <PiecePicker
          projectId={projectId}
          mode="action"
          piecesOnly
          title="Add a piece tool"
          busy={false}
          onClose={() => setAdding(null)}
          onPick={(picked) => {
            if (picked.kind !== 'action') return;
            add({
              type: 'PIECE',
              toolName: agentToolName(picked.action.name),
              pieceMetadata: {
                pieceName: picked.piece.name,
                pieceVersion: picked.piece.version,
                actionName: picked.action.name,
              },
            });
          }}
        />
      ) : null}
      {adding === 'FLOW' ? (
        <FlowToolDialog projectId={projectId} onAdd={add} onClose={() => setAdding(null)} />
      ) : null}
      {adding === 'MCP' ? <McpToolDialog onAdd={add} onClose={() => setAdding(null)} /> : null}
      {adding === 'KNOWLEDGE_BASE' ? (
        <KnowledgeBaseToolDialog projectId={projectId} onAdd={add} onClose={() => setAdding(null)} />
      ) : null}
    </fieldset>
  );
}

/** The connection of a piece tool, when its piece needs one (`predefinedInput.auth`: an external id). */
function PieceToolConnection({
  projectId,
  tool,
  disabled,
  onChange,
}: {
  projectId: string;
  tool: AgentPieceTool;
  disabled: boolean;
  onChange: (tool: AgentPieceTool) => void;
}) {
  const { pieceName, pieceVersion, predefinedInput } = tool.pieceMetadata;
  const piece = usePiece(projectId, pieceName, pieceVersion);
  const auth = piece.data === undefined ? undefined : connectionAuth(piece.data);
  if (auth === undefined) return null;
  return (
    <ConnectionPicker
      projectId={projectId}
      pieceName={pieceName}
      value={predefinedInput?.auth === undefined ? undefined : connectionReference(predefinedInput.auth)}
      required={auth.required !== false}
      disabled={disabled}
      onChange={(value) => {
        const externalId = referencedConnection(value);
        const { auth: _old, ...rest } = predefinedInput ?? { fields: {} };
        onChange({
          ...tool,
          pieceMetadata: {
            ...tool.pieceMetadata,
            predefinedInput: {
              ...rest,
              ...(externalId === undefined ? {} : { auth: externalId }),
            },
          },
        });
      }}
    />
  );
}
