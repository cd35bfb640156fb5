/**
 * The floor of the webhook bench: the least a server can do for the same work, with none of
 * Piecework's code. A `node:http` server takes the webhook's JSON body, runs the flow's 9 code
 * steps as 9 calls into one warm QuickJS context (each step's input and output cross the sandbox
 * boundary as JSON, as a code step's do), makes the Return Response answer `{n}` (the tenth
 * step), writes the run and its ten step outputs in one SQLite transaction (WAL,
 * synchronous=NORMAL: the server's own durability), and answers.
 *
 * What it leaves out, and Piecework pays for: routing and validating the request, looking up the
 * flow, the durable queue, a worker thread per run, resolving `{{ }}` references, one sandbox per
 * run, and the run's own status changes. The webhook bench prints its figures as ratios to this.
 *
 * Usage: node --import tsx bench/floor-server.ts <port> <sqlite file>; prints "listening" once it
 * answers.
 */
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { getQuickJS } from 'quickjs-emscripten';

const [port, file] = [Number(process.argv[2]), process.argv[3]!];

const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(`create table if not exists run (id text primary key, created text, payload text, output text);
  create table if not exists step (runId text, name text, output text, primary key (runId, name));`);
const insertRun = db.prepare('insert into run (id, created, payload, output) values (?, ?, ?, ?)');
const insertStep = db.prepare('insert into step (runId, name, output) values (?, ?, ?)');
const saveRun = db.transaction((payload: string, outputs: string[]) => {
  const id = randomUUID();
  insertRun.run(id, new Date().toISOString(), payload, outputs.at(-1));
  outputs.forEach((output, i) => insertStep.run(id, `step_${String(i + 1)}`, output));
});

const vm = (await getQuickJS()).newContext();
// A code step is an async function: its promise is settled by running the context's pending jobs.
const step = vm.unwrapResult(
  vm.evalCode(`(json) => {
    const code = async (inputs) => ({ n: Number(inputs.n) + 1 });
    return code(JSON.parse(json)).then((output) => JSON.stringify(output));
  }`),
);

/** One code step: `inputs` in as JSON, its output back as JSON text. */
function runStep(inputs: string): string {
  const argument = vm.newString(inputs);
  const promise = vm.unwrapResult(vm.callFunction(step, vm.undefined, argument));
  argument.dispose();
  vm.runtime.executePendingJobs();
  const state = vm.getPromiseState(promise);
  promise.dispose();
  if (state.type !== 'fulfilled') throw new Error('the step did not settle');
  const output = vm.getString(state.value);
  state.value.dispose();
  return output;
}

createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const payload = Buffer.concat(chunks).toString();
    const body = JSON.parse(payload) as { n: unknown };
    const outputs: string[] = [];
    let inputs = JSON.stringify({ n: body.n });
    for (let i = 0; i < 9; i++) {
      inputs = runStep(inputs);
      outputs.push(inputs);
    }
    const answer = JSON.stringify({ n: (JSON.parse(inputs) as { n: number }).n });
    outputs.push(answer);
    saveRun(payload, outputs);
    response.writeHead(200, { 'content-type': 'application/json' }).end(answer);
  });
}).listen(port, '127.0.0.1', () => process.stdout.write('listening\n'));
