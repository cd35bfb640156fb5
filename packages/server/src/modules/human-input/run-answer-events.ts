/**
 * The events of a started run as the forms and chat pages follow it: `pending` once the run has
 * not answered within AP_WEBHOOK_TIMEOUT_SECONDS (the page keeps waiting, up to the flow's time
 * limit AP_FLOW_TIMEOUT_SECONDS), a `turn` for each assistant message its agent steps persist,
 * then `answer` (the flow's response; `body` null when it ended without one) or `failed` (the
 * codes and messages of the sync webhook's error answers: `sync-answer.ts`).
 *
 * The answer comes from the run machinery's response waiters, which hear runs executing in any
 * process (run signals over Redis when scaled out). Agent steps pause the run while their agent
 * runs, persisting its conversation after every step in `agentRun`: once the run has paused
 * (`run.paused`, heard from any process), those rows are read every {@link TURN_POLL_MS} until
 * the answer, and once more before it, so a run without agent steps reads none.
 */
import type { AgentMessage, HumanInputStreamEvent } from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import { fromJson } from '../../infrastructure/storage/json-column';
import { syncAnswer } from '../webhooks/sync-answer';
import { listAgentRunStates } from './human-input-repository';
import type { SendEvent } from './event-stream';

/** How often the agent rows of a paused run are read for new turns. */
export const TURN_POLL_MS = 200;

/** What following a run uses of the server context. */
export type RunFollowDependencies = Pick<ServerContext, 'store' | 'settings' | 'runs'>;

/**
 * Sends the events of run `runId` (already created; call at once so that no answer is missed)
 * until its answer, or until `signal` aborts (the client went away: the run goes on).
 */
export async function sendRunAnswerEvents(
  deps: RunFollowDependencies,
  runId: string,
  send: SendEvent,
  signal: AbortSignal,
): Promise<void> {
  const { webhookTimeoutSeconds, flowTimeoutSeconds } = deps.settings.config;
  // The run's own limit ends it (TIMEOUT) before this wait does; the margin lets that end arrive.
  const answering = deps.runs.awaitResponse(runId, (flowTimeoutSeconds + 30) * 1000, signal);
  const turns = new TurnReader(deps, runId, send);
  let polling: ReturnType<typeof setInterval> | undefined;
  const startPolling = (run: { id: string }) => {
    if (run.id !== runId || polling !== undefined) return;
    polling = setInterval(() => void turns.read(), TURN_POLL_MS);
  };
  deps.runs.events.on('run.paused', startPolling);
  const pending = setTimeout(() => {
    send({ type: 'pending' });
    void turns.read();
  }, webhookTimeoutSeconds * 1000);
  try {
    const awaited = await answering;
    if (signal.aborted) return;
    clearTimeout(pending);
    clearInterval(polling);
    await turns.read();
    send(answerEvent(syncAnswer(awaited, runId)));
  } finally {
    clearTimeout(pending);
    clearInterval(polling);
    deps.runs.events.off('run.paused', startPolling);
  }
}

/** The `answer` or `failed` event of a sync webhook answer (`sync-answer.ts`). */
export function answerEvent(reply: { status: number; body?: unknown }): HumanInputStreamEvent {
  const body = reply.body ?? null;
  if (reply.status < 400) return { type: 'answer', status: reply.status, body };
  const { code, params } = body as { code: string; params: Record<string, unknown> };
  return { type: 'failed', code, params };
}

/** Reads a run's agent conversations and sends each assistant message's text once, in order. */
class TurnReader {
  /** How many messages of each agent run were looked at already. */
  private readonly seen = new Map<string, number>();
  private reading: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: Pick<ServerContext, 'store'>,
    private readonly runId: string,
    private readonly send: SendEvent,
  ) {}

  /** Reads once (after any read in progress), sending the new turns. */
  read(): Promise<void> {
    this.reading = this.reading.then(() => this.readNow()).catch(() => undefined);
    return this.reading;
  }

  private async readNow(): Promise<void> {
    const rows = await listAgentRunStates(this.deps.store.db, this.runId);
    for (const row of rows) {
      const messages = fromJson<{ messages?: AgentMessage[] }>(row.state)?.messages ?? [];
      const from = this.seen.get(row.id) ?? 0;
      for (const message of messages.slice(from)) {
        if (
          message.role === 'assistant' &&
          typeof message.content === 'string' &&
          message.content.trim() !== ''
        ) {
          this.send({ type: 'turn', text: message.content });
        }
      }
      this.seen.set(row.id, Math.max(from, messages.length));
    }
  }
}
