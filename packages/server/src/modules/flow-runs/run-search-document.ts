/**
 * What a run's search document says: the text values of its trigger payload, of its steps'
 * outputs and error messages, and of its failed step's message and internal error, however deeply
 * they are nested. Object keys are left out (they name fields, not content).
 */

/** A document holds at most this many characters; the rest of a huge run is not searchable. */
export const MAX_SEARCH_DOCUMENT_CHARS = 100_000;

/** The parts of a run its search document is made of (JSON texts as stored). */
export interface RunSearchSource {
  triggerPayload: string | null;
  failedStep: string | null;
  internalError: string | null;
  /** The runs's step records (`flowRunStep.record`, JSON `StepOutput`). */
  stepRecords: readonly string[];
}

/** The text of the search document of a run, at most {@link MAX_SEARCH_DOCUMENT_CHARS} long. */
export function runSearchDocument(source: RunSearchSource): string {
  const parts: string[] = [];
  let length = 0;
  const add = (text: string): boolean => {
    if (length >= MAX_SEARCH_DOCUMENT_CHARS) return false;
    parts.push(text);
    length += text.length + 1;
    return true;
  };
  collectText(parseJson(source.triggerPayload), add);
  const failedStep = parseJson(source.failedStep) as { message?: unknown } | null;
  if (typeof failedStep?.message === 'string') add(failedStep.message);
  if (source.internalError !== null) add(source.internalError);
  for (const record of source.stepRecords) {
    const step = parseJson(record) as { output?: unknown; errorMessage?: unknown } | null;
    if (step === null) continue;
    collectText(step.output, add);
    if (typeof step.errorMessage === 'string') add(step.errorMessage);
  }
  return parts.join('\n').slice(0, MAX_SEARCH_DOCUMENT_CHARS);
}

/** Hands every string, number and boolean inside `value` to `add`, until `add` answers false. */
function collectText(value: unknown, add: (text: string) => boolean): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (!add(next)) return false;
    } else if (typeof next === 'number' || typeof next === 'boolean') {
      if (!add(String(next))) return false;
    } else if (Array.isArray(next)) {
      for (let index = next.length - 1; index >= 0; index -= 1) pending.push(next[index]);
    } else if (typeof next === 'object' && next !== null) {
      pending.push(...Object.values(next).reverse());
    }
  }
  return true;
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
