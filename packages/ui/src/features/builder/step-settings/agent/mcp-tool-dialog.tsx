/**
 * "Add an MCP server": a remote MCP server whose every tool the agent may call — its URL, protocol
 * and authentication (see `mcp-tool-form.ts`).
 */
import type { AgentMcpTool } from '@piecework/shared';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../../../components/dialog';
import { SelectField, TextField } from '../../../../components/field';
import { TextAreaField } from '../../../ai-providers/text-area-field';
import { EMPTY_MCP_TOOL, mcpToolOf, mcpToolProblem, type McpToolValues } from './mcp-tool-form';

/** Props of {@link McpToolDialog}. */
export interface McpToolDialogProps {
  onAdd: (tool: AgentMcpTool) => void;
  onClose: () => void;
}

/** The dialog that adds an MCP server as a tool. */
export function McpToolDialog({ onAdd, onClose }: McpToolDialogProps) {
  const [values, setValues] = useState<McpToolValues>(EMPTY_MCP_TOOL);
  const [problem, setProblem] = useState<string | undefined>();
  const set = <K extends keyof McpToolValues>(field: K, value: McpToolValues[K]) =>
    setValues((was) => ({ ...was, [field]: value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = mcpToolProblem(values);
    setProblem(found);
    if (found === undefined) onAdd(mcpToolOf(values));
  };
  return (
    <Dialog
      title="Add an MCP server"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="mcp-tool-form" className="btn primary">
            Add
          </button>
        </>
      }
    >
      <form id="mcp-tool-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Server URL"
          required
          type="url"
          value={values.serverUrl}
          onChange={(event) => set('serverUrl', event.target.value)}
        />
        <SelectField
          label="Protocol"
          value={values.protocol}
          options={[
            { value: 'streamable-http', label: 'Streamable HTTP' },
            { value: 'sse', label: 'Server-sent events (SSE)' },
            { value: 'http', label: 'HTTP' },
          ]}
          onValueChange={(value) => set('protocol', value as McpToolValues['protocol'])}
        />
        <SelectField
          label="Authentication"
          value={values.authType}
          options={[
            { value: 'none', label: 'None' },
            { value: 'access_token', label: 'Access token (Bearer)' },
            { value: 'api_key', label: 'API key in a header' },
            { value: 'headers', label: 'Custom headers' },
          ]}
          onValueChange={(value) => set('authType', value as McpToolValues['authType'])}
        />
        {values.authType === 'access_token' || values.authType === 'api_key' ? (
          <TextField
            label={values.authType === 'access_token' ? 'Access token' : 'API key'}
            type="password"
            autoComplete="off"
            required
            value={values.secret}
            onChange={(event) => set('secret', event.target.value)}
          />
        ) : null}
        {values.authType === 'api_key' ? (
          <TextField
            label="Header name"
            required
            value={values.apiKeyHeader}
            onChange={(event) => set('apiKeyHeader', event.target.value)}
          />
        ) : null}
        {values.authType === 'headers' ? (
          <TextAreaField
            label="Headers"
            required
            rows={3}
            hint="One per line: Name: value"
            value={values.headers}
            onChange={(event) => set('headers', event.target.value)}
          />
        ) : null}
        {problem === undefined ? null : (
          <div className="notice error" role="alert">
            {problem}
          </div>
        )}
      </form>
    </Dialog>
  );
}
