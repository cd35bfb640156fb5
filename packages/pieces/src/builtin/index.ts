/**
 * Piecework's built-in pieces: Activepieces' core pieces (webhook, schedule, HTTP,
 * delay, storage, data mapper, approval, sub-flows, text, JSON, date and math helpers, MCP,
 * tables, the AI agent step, Human Input: web forms and chat pages) written
 * for Piecework, with the same piece, action, trigger and input names, so exported flows run
 * unchanged. Outbound requests go through the SSRF-filtered client.
 *
 * @module
 * @example
 * ```ts
 * import { findBuiltinPiece, callBuiltinAction } from './builtin';
 * const delay = findBuiltinPiece('@activepieces/piece-delay');
 * const outcome = await callBuiltinAction(delay!.actions.delayFor!, { request, services, propsValue, auth: undefined });
 * ```
 */
import type { PieceDefinition } from '../framework/piece-definition';
import { agentPiece, aiPiece } from './ai';
import { approvalPiece } from './approval';
import { dataMapperPiece } from './data-mapper';
import { dateHelperPiece } from './date-helper';
import { delayPiece } from './delay';
import { formsPiece } from './forms';
import { httpPiece } from './http';
import { jsonPiece } from './json';
import { mathHelperPiece } from './math-helper';
import { mcpPiece } from './mcp';
import { schedulePiece } from './schedule';
import { storePiece } from './store';
import { subflowsPiece } from './subflows';
import { tablesPiece } from './tables';
import { textHelperPiece } from './text-helper';
import { webhookPiece } from './webhook';

/** Every built-in piece, by npm name. */
export const BUILTIN_PIECES: readonly PieceDefinition[] = [
  webhookPiece,
  schedulePiece,
  httpPiece,
  delayPiece,
  storePiece,
  dataMapperPiece,
  approvalPiece,
  subflowsPiece,
  textHelperPiece,
  jsonPiece,
  dateHelperPiece,
  mathHelperPiece,
  mcpPiece,
  tablesPiece,
  aiPiece,
  agentPiece,
  formsPiece,
];

const byName = new Map(BUILTIN_PIECES.map((piece) => [piece.name, piece]));

/** The built-in piece with this npm name (e.g. `@activepieces/piece-webhook`), if there is one. */
export function findBuiltinPiece(name: string): PieceDefinition | undefined {
  return byName.get(name);
}

export { callBuiltinAction } from './call-builtin-action';
export type { BuiltinActionCall } from './call-builtin-action';
export { DEFAULT_BUILTIN_ENV, bindBuiltinEnv, builtinEnv, builtinEnvFrom } from '../context/builtin-env';
export type { BuiltinEnv } from '../context/builtin-env';
export { IN_PROCESS_DELAY_LIMIT_MS } from './delay/delay-common';
export { SCHEDULE_PIECE_NAME, nextScheduledTime, scheduleOfTrigger } from './schedule';
export type { SchedulePlan } from './schedule';
export { CALLABLE_FLOW_TRIGGER, subflowRunStart } from './subflows/subflow-run-start';
export { SUBFLOWS_PIECE_NAME } from './subflows/subflows-common';
export { CATCH_WEBHOOK_TRIGGER, WEBHOOK_PIECE_NAME, catchWebhookAdmits } from './webhook';
export {
  MCP_PIECE_NAME,
  MCP_PROPERTY_TYPES,
  MCP_TOOL_TRIGGER,
  mcpToolArguments,
  mcpToolParameters,
} from './mcp';
export type { McpPropertyType, McpToolParameter } from './mcp';
export type { SubflowRunStart } from './subflows/subflow-run-start';
export { TABLES_PIECE_NAME } from './tables';
