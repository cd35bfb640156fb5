import { createTrigger } from '../../framework/create-piece';
import { Property } from '../../framework/properties';

/** The name of the MCP piece's trigger: the flow becomes a tool of its project's MCP server. */
export const MCP_TOOL_TRIGGER = 'mcp_tool';

/** The types a tool parameter may have (the `type` of each `inputSchema` row). */
export const MCP_PROPERTY_TYPES = ['Text', 'Boolean', 'Date', 'Number', 'Array', 'Object'] as const;
export type McpPropertyType = (typeof MCP_PROPERTY_TYPES)[number];

/** One row of the trigger's `inputSchema`: a parameter of the tool. */
export interface McpToolParameter {
  name: string;
  description?: string;
  type: McpPropertyType;
  required: boolean;
}

const SAMPLE_VALUES: Record<McpPropertyType, unknown> = {
  Text: 'sample text',
  Number: 0,
  Boolean: false,
  Date: '2025-01-01T00:00:00.000Z',
  Array: [],
  Object: {},
};

/**
 * The tool call's arguments in a trigger payload: the body of a webhook request envelope
 * (`{body, headers, queryParams}`), or the payload itself when it is no envelope. The server's
 * webhook path and the trigger's `run` both read the arguments through it.
 */
export function mcpToolArguments(payload: unknown): Record<string, unknown> {
  const record = isRecord(payload) ? payload : {};
  const isEnvelope = isRecord(record['body']) && isRecord(record['headers']) && 'queryParams' in record;
  return isEnvelope ? (record['body'] as Record<string, unknown>) : record;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parameters an `inputSchema` input declares (rows without a name are ignored). */
export function mcpToolParameters(inputSchema: unknown): McpToolParameter[] {
  if (!Array.isArray(inputSchema)) return [];
  return inputSchema.filter(isRecord).flatMap((row) => {
    const name = typeof row['name'] === 'string' ? row['name'].trim() : '';
    if (name === '') return [];
    const type = MCP_PROPERTY_TYPES.find((known) => known === row['type']) ?? 'Text';
    const description = typeof row['description'] === 'string' ? row['description'] : undefined;
    const required = row['required'] === true || row['required'] === 'true';
    return [{ name, type, required, ...(description === undefined ? {} : { description }) }];
  });
}

/**
 * `mcp_tool`: makes the flow a tool MCP clients can call (`toolName`, `toolDescription`, the
 * parameters of `inputSchema`). A call becomes one run whose trigger output is the call's
 * arguments; with `returnsResponse` the client waits for the flow's Reply to MCP Client.
 */
export const mcpTool = createTrigger({
  name: MCP_TOOL_TRIGGER,
  displayName: 'MCP Tool',
  description: 'Creates a tool that MCP clients can call to execute this flow',
  type: 'WEBHOOK',
  sampleData: null,
  props: {
    toolName: Property.ShortText({
      displayName: 'Name',
      description: 'Used to call this tool from MCP clients like Claude Desktop, Cursor, or Windsurf',
      required: true,
    }),
    toolDescription: Property.LongText({
      displayName: 'Description',
      description: 'Used to describe what this tool does and when to use it',
      required: true,
    }),
    inputSchema: Property.Array({
      displayName: 'Parameters',
      description: 'Define the input parameters that this tool accepts.',
      required: false,
      defaultValue: [{ name: '', type: 'Text', required: true, description: '' }],
      properties: {
        name: Property.ShortText({ displayName: 'Name', required: true }),
        description: Property.LongText({ displayName: 'Description', required: false }),
        type: Property.StaticDropdown({
          displayName: 'Type',
          required: true,
          defaultValue: 'Text',
          options: { options: MCP_PROPERTY_TYPES.map((type) => ({ label: type, value: type })) },
        }),
        required: Property.Checkbox({ displayName: 'Required', required: true, defaultValue: true }),
      },
    }),
    returnsResponse: Property.Checkbox({
      displayName: 'Wait for Response',
      description:
        'Keep the MCP client waiting until it receives a response via the Reply to MCP Client action',
      required: true,
      defaultValue: false,
    }),
  },
  async onEnable() {},
  async onDisable() {},
  async run(ctx) {
    const args = mcpToolArguments(ctx.payload);
    const missing = mcpToolParameters(ctx.propsValue['inputSchema'])
      .filter((parameter) => parameter.required && (args[parameter.name] ?? null) === null)
      .map((parameter) => parameter.name);
    if (missing.length > 0) throw new Error(`Missing required parameters: ${missing.join(', ')}`);
    return [args];
  },
  async test(ctx) {
    const sample: Record<string, unknown> = {};
    for (const parameter of mcpToolParameters(ctx.propsValue['inputSchema'])) {
      sample[parameter.name] = SAMPLE_VALUES[parameter.type];
    }
    return [sample];
  },
});
