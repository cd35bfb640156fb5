import { PieceworkError } from '../common/errors';
import { convertConfigText } from './config-values';
import { CONFIG_VARIABLES } from './config-variables';
import type { ConfigVariable } from './config-variables';
import { PieceworkConfig } from './piecework-config';

function configError(variable: ConfigVariable, text: string | undefined, reason: string): PieceworkError {
  if (text === undefined) {
    return new PieceworkError('VALIDATION', {
      message: `${variable.name} is not set: it ${reason}`,
      variable: variable.name,
    });
  }
  const shown = variable.secret ? '<redacted>' : text;
  return new PieceworkError('VALIDATION', {
    message: `Invalid ${variable.name}="${shown}": ${reason}`,
    variable: variable.name,
    value: shown,
  });
}

/**
 * Reads Piecework's configuration from environment variables (pass `process.env`), once, at
 * start. Unset and empty variables take their defaults; everything else is validated strictly.
 * Variables Piecework does not know are ignored.
 *
 * @throws PieceworkError `VALIDATION` with `params.variable`, whose message names the variable and
 * its value (secrets show `<redacted>`), e.g. `Invalid AP_PORT="abc": must be a number`.
 */
export function parseConfig(env: Record<string, string | undefined>): PieceworkConfig {
  const input: Record<string, unknown> = {};
  for (const variable of CONFIG_VARIABLES) {
    const text = env[variable.name];
    if (text === undefined || text === '') continue;
    const converted = convertConfigText(variable.kind, text);
    if (!converted.ok) throw configError(variable, text, converted.reason);
    input[variable.key] = converted.value;
  }
  const result = PieceworkConfig.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = CONFIG_VARIABLES.find((candidate) => candidate.key === issue?.path[0]);
  if (issue === undefined || variable === undefined) {
    throw new PieceworkError('VALIDATION', { message: `Invalid configuration: ${result.error.message}` });
  }
  const text = env[variable.name] === '' ? undefined : env[variable.name];
  const index = issue.path[1];
  const items = input[variable.key];
  const reason =
    typeof index === 'number' && Array.isArray(items) && !variable.secret
      ? `item "${String(items[index])}" ${issue.message}`
      : issue.message;
  throw configError(variable, text, reason);
}
