/**
 * An open-loop HTTP load generator, run as its own process so it does not share an event loop
 * with the server it loads. Request `i` (0, 1, 2...) is due at `i / rate` s after the start and
 * is sent then, whatever the earlier ones take; its body is `{"id": i}`. Latency counts from the
 * due time, so a generator or server falling behind shows in it. After the last one is due it
 * waits up to `drainSeconds` for the answers still out. Prints an {@link OpenLoopResult} as JSON.
 * It stops when its standard input closes (the process that started it has gone).
 * `runOpenLoad` in bench/http-load.ts runs it.
 *
 * Usage: node --import tsx bench/open-loop-load.ts '<json spec>'
 */
import { Pool } from 'undici';

/** What to send, how fast and for how long: the generator's one argument, as JSON. */
export interface OpenLoopSpec {
  origin: string;
  path: string;
  /** Requests per second. */
  rate: number;
  seconds: number;
  /** Connections of the pool (requests beyond them wait in its queue, their latency counting). */
  connections: number;
  /** How long to wait for answers still out once the last request is due. */
  drainSeconds: number;
}

/** The figures of one open-loop run, printed as JSON (what `runOpenLoad` answers). */
export interface OpenLoopResult {
  /** Requests sent. */
  sent: number;
  /** Sent per second over the sending window. */
  sendRate: number;
  /** Ids answered 2xx, in order of answer. */
  accepted: number[];
  /** Answered with a status of 300 or more. */
  rejected: number;
  /** Failed without an answer (connection errors, no answer within `drainSeconds`). */
  errors: number;
  /** Answer latency from the due time, ms, every answer. */
  p50: number;
  p99: number;
  max: number;
  /** Epoch ms when the last request was due. */
  sendEndedAt: number;
}

async function run(spec: OpenLoopSpec): Promise<OpenLoopResult> {
  const pool = new Pool(spec.origin, { connections: spec.connections, pipelining: 1 });
  const total = Math.round(spec.rate * spec.seconds);
  const accepted: number[] = [];
  const latencies: number[] = [];
  let rejected = 0;
  let errors = 0;
  let sent = 0;
  let answered = 0;
  const send = async (id: number, due: number): Promise<void> => {
    try {
      const response = await pool.request({
        path: spec.path,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id }),
      });
      await response.body.dump();
      latencies.push(performance.now() - due);
      if (response.statusCode < 300) accepted.push(id);
      else rejected += 1;
    } catch {
      errors += 1;
    }
    answered += 1;
  };
  const started = performance.now();
  while (sent < total) {
    const dueNow = Math.min(total, Math.floor(((performance.now() - started) * spec.rate) / 1000) + 1);
    for (; sent < dueNow; sent++) void send(sent, started + (sent * 1000) / spec.rate);
    await new Promise((done) => setTimeout(done, 1));
  }
  const sendSeconds = (performance.now() - started) / 1000;
  const sendEndedAt = Date.now();
  const deadline = performance.now() + spec.drainSeconds * 1000;
  while (answered < sent && performance.now() < deadline) await new Promise((done) => setTimeout(done, 10));
  errors += sent - answered;
  await pool.destroy();
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  return {
    sent,
    sendRate: sent / sendSeconds,
    accepted,
    rejected,
    errors,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
    sendEndedAt,
  };
}

if (process.argv[2] !== undefined) {
  process.stdin.resume();
  process.stdin.once('end', () => process.exit(1));
  void run(JSON.parse(process.argv[2]) as OpenLoopSpec).then((result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
  });
}
