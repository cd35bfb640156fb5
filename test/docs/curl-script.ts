/**
 * Runs the shell commands of a document's `sh` blocks, as written, with fetch instead of a shell:
 * the small subset a walkthrough uses (`export NAME=value`, `NAME=$(command | jq -r PATH)`, `curl`
 * with `-s`, `-X`, `-H`, `--data-binary @-` fed by a heredoc, `$NAME` expansion). Anything else
 * throws, naming the line, so a document cannot use what is not run.
 */

/** What one command answered: status and the body parsed as JSON (or its text). */
export interface CurlAnswer {
  status: number;
  body: unknown;
}

/** A shell of the subset: its variables and the last answer. */
export interface CurlShell {
  vars: Record<string, string>;
  last?: CurlAnswer;
}

/** Replaces `$NAME` and `${NAME}` from `vars`; an unset one throws. */
function expand(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\{?(\w+)\}?/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`$${name} is not set`);
    return value;
  });
}

/** Splits a command line into words: '...' taken literally, "..." and bare words expanded. */
function words(line: string, vars: Record<string, string>): string[] {
  const out: string[] = [];
  const pattern = /'([^']*)'|"([^"]*)"|(\S+)/g;
  for (const match of line.matchAll(pattern)) {
    if (match[1] !== undefined) out.push(match[1]);
    else out.push(expand(match[2] ?? match[3] ?? '', vars));
  }
  return out;
}

/** The value at a jq path such as `.token` or `.data[0].id`. */
function jqPath(value: unknown, path: string): unknown {
  const parts = path.replace(/^\./, '').match(/[^.[\]]+/g) ?? [];
  return parts.reduce<unknown>(
    (at, part) => (at as Record<string, unknown> | undefined)?.[/^\d+$/.test(part) ? Number(part) : part],
    value,
  );
}

async function curl(args: readonly string[], input: string | undefined): Promise<CurlAnswer> {
  let method: string | undefined;
  let url: string | undefined;
  const headers: Record<string, string> = {};
  let body: string | undefined;
  for (let index = 1; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '-s') continue;
    if (arg === '-X') method = args[++index];
    else if (arg === '-H') {
      const [name, ...value] = (args[++index] ?? '').split(':');
      headers[name!.trim()] = value.join(':').trim();
    } else if (arg === '--data-binary' && args[index + 1] === '@-') {
      index++;
      body = input;
    } else if (!arg.startsWith('-') && url === undefined) url = arg;
    else throw new Error(`curl option not supported here: ${arg}`);
  }
  if (url === undefined) throw new Error('curl without a URL');
  const response = await fetch(url, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body: parsed };
}

/** Runs one `sh` block in `shell`; answers each command's answer, in order. */
export async function runShBlock(block: string, shell: CurlShell): Promise<CurlAnswer[]> {
  const answers: CurlAnswer[] = [];
  const lines = block.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const exported = /^export (\w+)=(\S+)$/.exec(line);
    if (exported) {
      shell.vars[exported[1]!] = expand(exported[2]!, shell.vars);
      continue;
    }
    const captured = /^(\w+)=\$\((.*)$/.exec(line);
    let command = captured ? captured[2]! : line;
    const oneLine = captured !== null && command.endsWith(')');
    if (oneLine) command = command.slice(0, -1);
    const heredoc = /\s<<('?)JSON\1/.exec(command);
    if (heredoc) command = command.replace(heredoc[0], '');
    let jq: string | undefined;
    const piped = /^(.*?) \| jq -r (\S+)$/.exec(command);
    if (piped) {
      jq = piped[2]!.replace(/^'|'$/g, '');
      command = piped[1]!;
    }
    let input: string | undefined;
    if (heredoc) {
      const body: string[] = [];
      while (lines[++index] !== 'JSON') {
        if (index >= lines.length) throw new Error(`heredoc not closed: ${line}`);
        body.push(lines[index]!);
      }
      input = heredoc[1] === "'" ? body.join('\n') : expand(body.join('\n'), shell.vars);
    }
    if (captured && !oneLine && lines[++index]?.trim() !== ')') throw new Error(`$( not closed: ${line}`);
    const args = words(command, shell.vars);
    if (args[0] !== 'curl') throw new Error(`not a command this runner knows: ${line}`);
    const answer = await curl(args, input);
    answers.push(answer);
    shell.last = answer;
    if (captured) {
      const value = jq === undefined ? answer.body : jqPath(answer.body, jq);
      if (typeof value !== 'string') throw new Error(`${line}: ${String(jq)} is not text in the answer`);
      shell.vars[captured[1]!] = value;
    }
  }
  return answers;
}
