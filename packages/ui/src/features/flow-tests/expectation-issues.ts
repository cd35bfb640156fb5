/**
 * What the expectations editor says when the server refuses the expectations: one line per issue
 * of the `{code, params}` error (`params.issues`, each with the path in the request body),
 * written from the user's side ("Expectation 2, stepName: Required"), or the error's message when
 * it lists no issues.
 */
import { isApiError } from '@piecework/client';
import { errorMessage } from '../../api/error-message';

interface Issue {
  path: string;
  message: string;
}

function issuesOf(params: Record<string, unknown>): Issue[] {
  const issues = params['issues'];
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) => {
    if (typeof issue !== 'object' || issue === null) return [];
    const { path, message } = issue as Record<string, unknown>;
    return typeof message === 'string' ? [{ path: typeof path === 'string' ? path : '', message }] : [];
  });
}

/** `expectations.1.stepName` -> `Expectation 2, stepName`; the list itself -> `The list`. */
function placeOf(path: string): string {
  const parts = path.split('.').filter((part) => part !== '');
  if (parts[0] === 'expectations') parts.shift();
  if (parts.length === 0) return 'The list';
  const [first, ...rest] = parts;
  const index = Number(first);
  if (!Number.isInteger(index)) return parts.join('.');
  const place = `Expectation ${String(index + 1)}`;
  return rest.length === 0 ? place : `${place}, ${rest.join('.')}`;
}

/** The lines to show for `error`, the refusal of a test case's expectations. */
export function expectationIssues(error: unknown): string[] {
  if (isApiError(error)) {
    const issues = issuesOf(error.params);
    if (issues.length > 0) return issues.map((issue) => `${placeOf(issue.path)}: ${issue.message}`);
  }
  return [errorMessage(error)];
}
