/**
 * Runs the agents of agent steps: one AGENT job runs one agent run to its end, turn by turn (a
 * model request, then the tool calls it asked for), persisting its state after every step, and
 * then, in one transaction, records its end, completes the job and resumes the PAUSED run with
 * `{result}` (the step's output) or `{failure}` (the step fails with that message).
 *
 * - turns: at most the request's `maxTurns` (50 at most); an agent still going then ends FAILED
 *   with a message, and the step succeeds with that output;
 * - time: the agent ends at `created + AP_FLOW_TIMEOUT_SECONDS` (the step fails "timed out");
 * - cancel: cancelling the run aborts the model and tool calls in flight; the agent run and the
 *   run end CANCELED, nothing resumes;
 * - restart: a job taken up again continues from the saved state; the interrupted model request
 *   is made again, a tool call that started without a recorded result is reported to the model as
 *   interrupted and never made again, recorded tool calls are never repeated.
 * The job holds its worker slot (and its project's) while the agent runs. On a worker, an agent
 * with flow or MCP tools first makes the process hear other processes' run answers (the runs its
 * flow tools start may run elsewhere).
 */
import type { PieceRunner } from '@piecework/engine';
import type { AgentRunStatus } from '@piecework/shared';
import {
  TASK_COMPLETION_TOOL_NAME,
  type AgentMessage,
  type AgentResult,
  type AgentStepRequest,
  type ToolCallContentBlock,
} from '@piecework/shared';
import { cancelWaitingRuns } from '../lifecycle/cancel-waiting-runs';
import type { AgentJobPayload } from '../lifecycle/agent-pause';
import { queueResume } from '../lifecycle/follow-up-jobs';
import type { StartedJob } from '../lifecycle/start-runs';
import type { RunQueue } from '../run-queue';
import { flowRunFromRow } from '../run-rows';
import { publishRunEnd } from '../signals/run-signal-routes';
import type { RunSignals } from '../signals/run-signals';
import type { ServerBase } from '../../server-context';
import { fromJson, toJson } from '../../infrastructure/storage/json-column';
import type { AgentRunTable } from '../../infrastructure/storage/rows/agent-rows';
import {
  platformWebSearch,
  resolveChatModel,
  type ChatModel,
  type ChatTool,
} from '../../modules/ai-providers/chat-model';
import {
  findAgentRunRow,
  OPEN_AGENT_RUN_STATUSES,
  saveAgentRunState,
  type AgentRunState,
} from './agent-run-rows';
import { checkTaskVerdict, completionReminder, completionTool, openingMessages } from './agent-task';
import type { AgentToolbox, AgentToolHandle, OpenAgentToolbox } from './agent-toolbox';

/** The result an interrupted tool call gets after a restart. */
export const INTERRUPTED_TOOL_CALL =
  'The server stopped while this tool ran; it may or may not have taken effect';

/** What every agent run shares. */
export interface AgentExecutorDeps {
  base: ServerBase;
  queue: RunQueue;
  /** The run runtime's piece runner (piece tools call it). */
  pieces: PieceRunner;
  toolbox: OpenAgentToolbox;
  /** Where the end of a run canceled through its agent is announced. */
  signals: RunSignals;
  /** Wakes the claim loop (a resume was queued). */
  notify(): void;
  /** Claims of one job after which the agent fails instead of running again. */
  maxAttempts: number;
}

type Stop = 'cancel' | 'stop';

/** How an agent run ended. */
type Ending =
  | { kind: 'result'; result: AgentResult }
  | { kind: 'failure'; message: string }
  | { kind: 'canceled' }
  | { kind: 'stopped' };

/** The run was canceled (or ended) while its agent ran. */
class AgentCanceled extends Error {}

/** What one agent run works with. */
interface AgentTurnContext {
  row: AgentRunTable;
  request: AgentStepRequest;
  state: AgentRunState;
  model: ChatModel;
  tools: readonly AgentToolHandle[];
  chatTools: ChatTool[];
  webSearch: Awaited<ReturnType<typeof platformWebSearch>> | undefined;
  signal: AbortSignal;
}

/** Executes AGENT jobs (see the module comment). */
export class AgentExecutor {
  private readonly running = new Map<string, { projectId: string; abort: AbortController }>();

  constructor(private readonly deps: AgentExecutorDeps) {}

  /** Cancels the agent of run `runId` of `projectId` if it runs here (the run ends CANCELED); false otherwise. */
  cancel(projectId: string, runId: string): boolean {
    const entry = this.running.get(runId);
    if (entry?.projectId !== projectId) return false;
    entry.abort.abort('cancel' satisfies Stop);
    return true;
  }

  /** Cuts the running agents short (the process stops): their jobs go back to the queue, their state kept. */
  stopAll(): void {
    for (const entry of this.running.values()) entry.abort.abort('stop' satisfies Stop);
  }

  /** Runs the agent of the AGENT job `started` to its end. */
  async execute(started: StartedJob): Promise<void> {
    const { base, queue } = this.deps;
    const { agentRunId } = started.job.payload as AgentJobPayload;
    const row = await findAgentRunRow(base.store.db, agentRunId);
    if (row === undefined || !OPEN_AGENT_RUN_STATUSES.includes(row.status as AgentRunStatus)) {
      await base.store.write((trx) => queue.complete(trx, started.job.id));
      return;
    }
    const abort = new AbortController();
    this.running.set(started.run.id, { projectId: started.run.projectId, abort });
    try {
      const state = fromJson<AgentRunState>(row.state)!;
      const ending = await this.run(started, row, state, abort);
      await this.end(started, row, state, ending);
    } finally {
      this.running.delete(started.run.id);
    }
  }

  private async run(
    started: StartedJob,
    row: AgentRunTable,
    state: AgentRunState,
    abort: AbortController,
  ): Promise<Ending> {
    const { base } = this.deps;
    const request = fromJson<AgentStepRequest>(row.request)!;
    const timeoutSeconds = base.settings.config.flowTimeoutSeconds;
    const deadline = AbortSignal.timeout(
      Math.max(0, Date.parse(row.created) + timeoutSeconds * 1000 - Date.now()),
    );
    const signal = AbortSignal.any([abort.signal, deadline]);
    let toolbox: AgentToolbox | undefined;
    try {
      if (started.job.attempts > this.deps.maxAttempts) {
        throw new Error(
          `The agent was taken up ${String(started.job.attempts - 1)} times without finishing (its server stopped each time)`,
        );
      }
      if (state.messages.length === 0) state.messages = openingMessages(request, base.now().slice(0, 10));
      await this.save(row, state);
      const model = await resolveChatModel(base, row.platformId, request.model);
      const search = await platformWebSearch(base, row.platformId);
      // Flow tools wait for the runs they start: a worker must hear those runs' answers.
      if (request.tools.some((tool) => tool.type === 'FLOW' || tool.type === 'MCP'))
        await this.deps.signals.hearAnswers();
      toolbox = await this.deps.toolbox(
        {
          platformId: row.platformId,
          projectId: row.projectId,
          flowRunId: row.flowRunId,
          stepName: row.stepName,
          pieces: this.deps.pieces,
          signal,
        },
        request.tools,
      );
      const tools = toolbox.tools;
      const chatTools = [
        ...tools.map(({ name, description, parameters }) => ({ name, description, parameters })),
        completionTool(request.structuredOutput),
      ];
      const result = await this.loop({
        row,
        request,
        state,
        model,
        tools,
        chatTools,
        webSearch: search.enabled ? search : undefined,
        signal,
      });
      return { kind: 'result', result };
    } catch (error) {
      if (abort.signal.aborted)
        return abort.signal.reason === 'stop' ? { kind: 'stopped' } : { kind: 'canceled' };
      if (error instanceof AgentCanceled) return { kind: 'canceled' };
      if (deadline.aborted)
        return { kind: 'failure', message: `The agent step timed out after ${String(timeoutSeconds)} s` };
      return { kind: 'failure', message: error instanceof Error ? error.message : String(error) };
    } finally {
      await toolbox?.close().catch((error: unknown) => {
        base.logger.warn({ err: error }, 'Closing the tools of an agent failed');
      });
    }
  }

  /** Turns until the agent ends its task or runs out of turns; answers its result. */
  private async loop(ctx: AgentTurnContext): Promise<AgentResult> {
    const { request, state, signal } = ctx;
    const result = state.result;
    for (;;) {
      signal.throwIfAborted();
      await this.assertRunPaused(ctx.row.flowRunId);
      const pending = pendingToolCalls(state.messages);
      if (pending.length > 0) {
        for (const call of pending) {
          const ended = await this.answerToolCall(ctx, call);
          if (ended) return result;
        }
        continue;
      }
      if (result.turns.length >= request.maxTurns) {
        return {
          ...result,
          status: 'FAILED',
          message: `The agent used all ${String(request.maxTurns)} turns without finishing`,
        };
      }
      const startTime = new Date().toISOString();
      const answer = await ctx.model.complete({
        messages: state.messages,
        tools: ctx.chatTools,
        ...(ctx.webSearch ? { webSearch: ctx.webSearch } : {}),
        signal,
      });
      const calls = answer.message.toolCalls ?? [];
      state.messages.push({ ...answer.message, role: 'assistant' });
      result.turns.push({
        index: result.turns.length + 1,
        startTime,
        endTime: new Date().toISOString(),
        finishReason: answer.finishReason,
        usage: answer.usage,
        toolCallIds: calls.map((call) => call.id),
      });
      result.usage = {
        inputTokens: result.usage.inputTokens + answer.usage.inputTokens,
        outputTokens: result.usage.outputTokens + answer.usage.outputTokens,
        totalTokens: result.usage.totalTokens + answer.usage.totalTokens,
      };
      const text = answer.message.content ?? '';
      if (text.trim() !== '') result.steps.push({ type: 'MARKDOWN', markdown: text });
      if (calls.length === 0) {
        if (request.structuredOutput.length === 0) {
          result.status = 'COMPLETED';
          result.structuredOutput = text;
          return result;
        }
        state.messages.push(completionReminder(request.structuredOutput));
      }
      await this.save(ctx.row, state);
    }
  }

  /** Answers one tool call of the last turn; true when it ended the task. */
  private async answerToolCall(ctx: AgentTurnContext, call: ToolCallOf): Promise<boolean> {
    const { state, signal } = ctx;
    const result = state.result;
    const args = parseArguments(call.arguments);
    if (call.name === TASK_COMPLETION_TOOL_NAME) {
      const verdict =
        args === undefined
          ? { error: 'The arguments are not a JSON object.' }
          : checkTaskVerdict(args, ctx.request.structuredOutput);
      if ('error' in verdict) {
        state.messages.push({
          role: 'tool',
          toolCallId: call.id,
          content: JSON.stringify({ error: verdict.error }),
        });
        await this.save(ctx.row, state);
        return false;
      }
      result.status = verdict.success ? 'COMPLETED' : 'FAILED';
      result.structuredOutput = verdict.output;
      if (!verdict.success) result.message = 'The agent could not complete its task';
      return true;
    }
    const tool = ctx.tools.find((candidate) => candidate.name === call.name);
    const interrupted = state.startedToolCallIds.includes(call.id);
    let block = result.steps.find(
      (step): step is ToolCallContentBlock => step.type === 'TOOL_CALL' && step.toolCallId === call.id,
    );
    if (block === undefined) {
      block = {
        ...(tool?.block ?? {}),
        type: 'TOOL_CALL',
        toolCallType: tool?.block.toolCallType ?? 'UNKNOWN',
        toolName: call.name,
        toolCallId: call.id,
        status: 'in-progress',
        input: args ?? null,
        startTime: new Date().toISOString(),
      };
      result.steps.push(block);
    }
    let output: unknown;
    let error: string | undefined;
    if (interrupted) error = INTERRUPTED_TOOL_CALL;
    else if (tool === undefined) error = `There is no tool named "${call.name}"`;
    else if (args === undefined) error = 'The arguments are not a JSON object.';
    else {
      // Recorded before the call: a restart during it reports it instead of calling it again.
      state.startedToolCallIds.push(call.id);
      await this.save(ctx.row, state);
      try {
        output = await tool.call(args, signal);
      } catch (thrown) {
        if (signal.aborted) throw thrown;
        error = thrown instanceof Error ? thrown.message : String(thrown);
      }
    }
    block.status = 'completed';
    block.endTime = new Date().toISOString();
    block.output = error === undefined ? output : { status: 'FAILED', error };
    state.messages.push({
      role: 'tool',
      toolCallId: call.id,
      content: error === undefined ? (JSON.stringify(output) ?? 'null') : JSON.stringify({ error }),
    });
    await this.save(ctx.row, state);
    return false;
  }

  private async assertRunPaused(runId: string): Promise<void> {
    const run = await this.deps.base.store.db
      .selectFrom('flowRun')
      .select('status')
      .where('id', '=', runId)
      .executeTakeFirst();
    if (run?.status !== 'PAUSED') throw new AgentCanceled();
  }

  private async save(row: AgentRunTable, state: AgentRunState): Promise<void> {
    const { base } = this.deps;
    if (!(await saveAgentRunState(base.store.db, row.id, 'RUNNING', state, base.now())))
      throw new AgentCanceled();
  }

  /** Writes how the agent ended (see the module comment). */
  private async end(
    started: StartedJob,
    row: AgentRunTable,
    state: AgentRunState,
    ending: Ending,
  ): Promise<void> {
    const { base, queue } = this.deps;
    const { job, run } = started;
    if (ending.kind === 'stopped') {
      await queue.release(job.id);
      return;
    }
    const now = base.now();
    if (ending.kind === 'canceled') {
      const canceled = await base.store.write(async (trx) => {
        await trx
          .updateTable('agentRun')
          .set({ status: 'CANCELED', state: toJson(state), updated: now })
          .where('id', '=', row.id)
          .where('status', 'in', OPEN_AGENT_RUN_STATUSES)
          .execute();
        await queue.complete(trx, job.id);
        return cancelWaitingRuns(trx, queue, run.projectId, [run.id], now);
      });
      for (const ended of canceled) publishRunEnd(this.deps.signals, flowRunFromRow(ended));
      this.deps.notify();
      return;
    }
    const failure = ending.kind === 'failure' ? ending.message : null;
    const result: AgentResult =
      ending.kind === 'result'
        ? ending.result
        : { ...state.result, status: 'FAILED', message: ending.message };
    const status = ending.kind === 'result' && result.status === 'COMPLETED' ? 'COMPLETED' : 'FAILED';
    const body = failure === null ? { result } : { failure };
    const resumed = await base.store.write(async (trx) => {
      await trx
        .updateTable('agentRun')
        .set({ status, state: toJson({ ...state, result }), error: failure, updated: now })
        .where('id', '=', row.id)
        .where('status', 'in', OPEN_AGENT_RUN_STATUSES)
        .execute();
      await queue.complete(trx, job.id);
      const current = await trx.selectFrom('flowRun').selectAll().where('id', '=', run.id).executeTakeFirst();
      if (current?.status !== 'PAUSED') return false;
      return queueResume(trx, queue, current, row.waitpointId, { body, headers: {}, queryParams: {} }, now);
    });
    if (resumed) this.deps.notify();
  }
}

type ToolCallOf = NonNullable<AgentMessage['toolCalls']>[number];

/** The tool calls of the last assistant message that have no tool message yet, in order. */
function pendingToolCalls(messages: readonly AgentMessage[]): ToolCallOf[] {
  let last = -1;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    if (messages[index]!.role === 'assistant') {
      last = index;
      break;
    }
  }
  if (last < 0) return [];
  const answered = new Set(messages.slice(last + 1).map((message) => message.toolCallId));
  return (messages[last]!.toolCalls ?? []).filter((call) => !answered.has(call.id));
}

function parseArguments(text: string): Record<string, unknown> | undefined {
  try {
    const parsed = JSON.parse(text === '' ? '{}' : text) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
