/**
 * An agent's result on the run page: its status (and why it stopped), the tokens it used, its
 * structured output, then each turn — the assistant's text, its tool calls (collapsible, with their
 * input and output) and the turn's tokens.
 */
import type { AgentResult, ToolCallContentBlock } from '@piecework/shared';
import { JsonView } from '../../components/json-view';
import { formatUsage, groupTurns } from './agent-turns';

const STATUS_LABELS: Readonly<Record<AgentResult['status'], string>> = {
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  IN_PROGRESS: 'Running',
};

/** The result of one agent run; `label` names the step. */
export function AgentResultView({ result, label }: { result: AgentResult; label: string }) {
  const turns = groupTurns(result);
  return (
    <section className="agent-result" aria-label={`Agent run of ${label}`}>
      <p className="agent-summary">
        <span className="badge">Agent: {STATUS_LABELS[result.status]}</span>{' '}
        <span>
          {result.turns.length} {result.turns.length === 1 ? 'turn' : 'turns'} · {formatUsage(result.usage)}
        </span>
      </p>
      {result.message === undefined ? null : <p className="notice info">{result.message}</p>}
      {result.structuredOutput === undefined || result.status !== 'COMPLETED' ? null : (
        <>
          <h3>Structured output</h3>
          <JsonView value={result.structuredOutput} label={`Structured output of ${label}`} />
        </>
      )}
      <h3>Turns</h3>
      {turns.length === 0 ? (
        <p className="muted">No turn yet.</p>
      ) : (
        <ol className="agent-turns">
          {turns.map((shown, index) => (
            <li key={shown.turn?.index ?? index} className="agent-turn">
              <h4>
                {shown.turn === undefined ? 'Output' : `Turn ${String(shown.turn.index)}`}
                {shown.turn === undefined ? null : (
                  <span className="muted">
                    {' '}
                    · {shown.turn.finishReason} · {formatUsage(shown.turn.usage)}
                  </span>
                )}
              </h4>
              {shown.texts.map((text, at) => (
                <p key={at} className="agent-text">
                  {text}
                </p>
              ))}
              {shown.toolCalls.map((call) => (
                <ToolCallView key={call.toolCallId} call={call} />
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ToolCallView({ call }: { call: ToolCallContentBlock }) {
  const failed =
    typeof call.output === 'object' &&
    call.output !== null &&
    (call.output as { status?: unknown }).status === 'FAILED';
  const state = call.status === 'in-progress' ? 'running' : failed ? 'failed' : 'done';
  return (
    <details className="agent-tool-call">
      <summary>
        Tool call <strong>{call.displayName ?? call.toolName}</strong>{' '}
        <span className="muted">({state})</span>
      </summary>
      <h5>Input</h5>
      <JsonView value={call.input} label={`Input of tool call ${call.toolName}`} />
      <h5>Output</h5>
      {call.output === undefined ? (
        <p className="muted">No output yet.</p>
      ) : (
        <JsonView value={call.output} label={`Output of tool call ${call.toolName}`} />
      )}
    </details>
  );
}
