import { fork, type ChildProcess } from 'node:child_process';
import type { PieceServices } from '../context/piece-services';
import { errorMessage } from '../errors/error-message';
import { rememberNetworkError } from './network-causes';
import { drainLines } from './output-lines';
import type { ProcessScript } from './process-script';
import type { ChildCommand, ChildOptions, FromChild, ToChild } from './protocol';
import { serveServiceCall } from './serve-service-call';

/** How every piece process is started. */
export interface PieceChildSettings {
  script: ProcessScript;
  /** `--max-old-space-size` of the process, in MB. */
  maxOldSpaceMb: number;
  /** The whole environment of the process. */
  env: NodeJS.ProcessEnv;
  ssrfAllowList: readonly string[];
  /** How long a call waits for a new process to start before failing (the call's own deadline starts after). */
  startupTimeoutMs: number;
  /** Receives each line the process prints; without it, output is dropped. */
  onOutput?: (line: string, stream: 'stdout' | 'stderr', pid: number) => void;
  /** Called once when the process is gone (exited, killed, or never started). */
  onGone: (child: PieceChild) => void;
}

/** Why a call produced no result: the process passed the deadline, died, or the call was aborted. */
export class ChildCallFailure extends Error {
  override readonly name = 'ChildCallFailure';
  constructor(
    readonly kind: 'timeout' | 'crash' | 'aborted',
    message: string,
    /** The last line the process printed to stderr during the call (often the real cause). */
    readonly lastErrorOutput?: string,
    /** The last network errors the process's sockets met during the call, oldest first. */
    readonly networkErrors: readonly string[] = [],
  ) {
    super(message);
  }
}

/**
 * A call's result: the child's value, or the message of a failure the child reported; with the
 * last network errors the process's sockets met during the call, oldest first.
 */
export type ChildCallResult = ({ ok: true; value: unknown } | { ok: false; message: string }) & {
  networkErrors: readonly string[];
};

/** How long after 'exit' a process counts as gone when its pipes do not close. */
const EXIT_GRACE_MS = 200;

interface ActiveCall {
  callId: number;
  services: PieceServices | undefined;
  resolve(result: ChildCallResult): void;
  reject(failure: ChildCallFailure): void;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Removes the call's abort listener. */
  release?: () => void;
  /** The last stderr line printed during the call. */
  lastErrorOutput?: string;
  /** The last distinct network errors of the call. */
  networkErrors: string[];
}

/**
 * One piece process (`child_process.fork` with a JSON IPC channel), running
 * one call at a time. It answers the process's service calls from the call's services and
 * enforces the call's deadline: past it the process is killed (SIGKILL) and the call rejects
 * with a `timeout` failure carrying the last line the process printed to stderr during the call
 * (an SDK that retries a failing request logs the real cause there); a process that dies during a call rejects it with a `crash` failure.
 * A killed or dead child is never reused.
 */
export class PieceChild {
  readonly allowList: readonly string[];
  private readonly process: ChildProcess;
  private readonly readyWaiters: Array<() => void> = [];
  private ready = false;
  private gone = false;
  private fatal: string | undefined;
  private nextCallId = 1;
  private active: ActiveCall | undefined;

  constructor(private readonly settings: PieceChildSettings) {
    this.allowList = settings.ssrfAllowList;
    const options: ChildOptions = { ssrfAllowList: settings.ssrfAllowList };
    this.process = fork(settings.script.path, [JSON.stringify(options)], {
      execArgv: [...settings.script.execArgv, `--max-old-space-size=${settings.maxOldSpaceMb}`],
      env: settings.env,
      // JSON, as Node's default: several times cheaper per message than V8's serializer, and
      // what Activepieces makes of a piece's output anyway (Dates as strings, class
      // instances as plain data, functions dropped).
      serialization: 'json',
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const pid = this.process.pid ?? 0;
    const output = settings.onOutput;
    drainLines(this.process.stdout, output && ((line) => output(line, 'stdout', pid)));
    drainLines(this.process.stderr, (line) => {
      if (this.active && line.trim() !== '') this.active.lastErrorOutput = line.trim();
      output?.(line, 'stderr', pid);
    });
    this.process.on('message', (message: FromChild) => this.onMessage(message));
    // 'close' comes after the last IPC message; 'exit' is the fallback when a grandchild keeps a pipe open.
    this.process.on('close', (code, signal) => this.onGone(exitReason(code, signal)));
    this.process.on('exit', (code, signal) => {
      setTimeout(() => this.onGone(exitReason(code, signal)), EXIT_GRACE_MS).unref();
    });
    this.process.on('error', (error) => {
      if (this.process.pid === undefined) this.onGone(`it could not be started: ${error.message}`);
    });
    this.keepAlive(false);
  }

  /** True once the process said it is ready (it started properly at least once). */
  get started(): boolean {
    return this.ready;
  }

  /** True until the process is killed or gone. */
  get alive(): boolean {
    return !this.gone && !this.process.killed;
  }

  /**
   * Sends a call once the process is ready; resolves with its result, rejects with a
   * {@link ChildCallFailure}. `timeoutMs` runs from when the call is sent; `endBy` (ms since the
   * epoch), when given, ends the call then at the latest, the wait for a starting process
   * included (a `timeout` failure either way). When `signal` is
   * aborted during the call, the process is killed (its connections close with it) and the call
   * rejects with an `aborted` failure carrying the signal's reason; an aborted signal given
   * here rejects at once, the process untouched.
   */
  call(
    command: ChildCommand,
    services: PieceServices | undefined,
    timeoutMs: number,
    signal?: AbortSignal,
    endBy?: number,
  ): Promise<ChildCallResult> {
    if (this.active) throw new Error('PieceChild runs one call at a time');
    if (!this.alive) return Promise.reject(new ChildCallFailure('crash', 'the piece process is gone'));
    if (signal?.aborted) return Promise.reject(new ChildCallFailure('aborted', reasonOf(signal)));
    return new Promise<ChildCallResult>((resolve, reject) => {
      const callId = this.nextCallId++;
      const active: ActiveCall = { callId, services, resolve, reject, timer: undefined, networkErrors: [] };
      if (signal) {
        const onAbort = () => {
          if (this.active !== active) return;
          this.finish()?.reject(new ChildCallFailure('aborted', reasonOf(signal)));
          this.kill();
        };
        signal.addEventListener('abort', onAbort, { once: true });
        active.release = () => signal.removeEventListener('abort', onAbort);
      }
      // The failure is only built when the deadline passes (an Error's stack costs microseconds).
      const failAfter = (ms: number, kind: ChildCallFailure['kind'], message: () => string) =>
        setTimeout(() => {
          if (this.active !== active) return;
          this.finish()?.reject(
            new ChildCallFailure(kind, message(), active.lastErrorOutput, active.networkErrors),
          );
          this.kill();
        }, ms);
      this.active = active;
      this.keepAlive(true);
      const untilEnd = () => (endBy === undefined ? Infinity : Math.max(0, endBy - Date.now()));
      if (!this.ready) {
        const { startupTimeoutMs } = this.settings;
        active.timer =
          untilEnd() < startupTimeoutMs
            ? failAfter(untilEnd(), 'timeout', () => 'no answer before the end of its time')
            : failAfter(
                startupTimeoutMs,
                'crash',
                () => `the process did not start within ${startupTimeoutMs} ms`,
              );
      }
      this.whenReady(() => {
        if (this.active !== active) return;
        clearTimeout(active.timer);
        const ms = Math.min(timeoutMs, untilEnd());
        active.timer = failAfter(ms, 'timeout', () => `no answer within ${ms} ms`);
        this.sendCall(callId, command);
      });
    });
  }

  /** Kills the process (SIGKILL); a call it runs rejects as a crash. */
  kill(): void {
    if (this.gone || this.process.killed) return;
    this.process.kill('SIGKILL');
  }

  private sendCall(callId: number, command: ChildCommand): void {
    if (this.active?.callId !== callId || !this.alive) return;
    try {
      this.send({ type: 'call', callId, command });
    } catch (error) {
      this.finish()?.resolve({
        ok: false,
        message: `The call cannot be sent to the piece process: ${errorMessage(error)}`,
        networkErrors: [],
      });
    }
  }

  private onMessage(message: FromChild): void {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.readyWaiters.splice(0).forEach((start) => start());
        return;
      case 'fatal':
        this.fatal = message.message;
        return;
      case 'network-error': {
        const active = this.active;
        if (active?.callId === message.callId)
          active.networkErrors = rememberNetworkError(active.networkErrors, message.message);
        return;
      }
      case 'result': {
        const active = this.active;
        if (active?.callId !== message.callId) return;
        const { networkErrors } = active;
        this.finish()?.resolve(
          message.ok
            ? { ok: true, value: message.value, networkErrors }
            : { ok: false, message: message.message, networkErrors },
        );
        return;
      }
      case 'service': {
        const active = this.active;
        if (active?.callId !== message.callId) return;
        const reply = (answer: ToChild) => {
          if (this.active === active && this.alive) this.sendReply(answer, message.serviceCallId);
        };
        if (!active.services) {
          reply({
            type: 'service-reply',
            serviceCallId: message.serviceCallId,
            ok: false,
            message: 'No services in this call',
          });
          return;
        }
        serveServiceCall(active.services, message.method, message.args).then(
          (value) => reply({ type: 'service-reply', serviceCallId: message.serviceCallId, ok: true, value }),
          (error: unknown) =>
            reply({
              type: 'service-reply',
              serviceCallId: message.serviceCallId,
              ok: false,
              message: errorMessage(error),
            }),
        );
        return;
      }
    }
  }

  private sendReply(answer: ToChild, serviceCallId: number): void {
    try {
      this.send(answer);
    } catch (error) {
      const message = `The host's answer cannot be sent to the piece process: ${errorMessage(error)}`;
      this.send({ type: 'service-reply', serviceCallId, ok: false, message });
    }
  }

  private send(message: ToChild): void {
    this.process.send(message, (error) => {
      if (error && this.alive) this.onGone(`the IPC channel failed: ${error.message}`);
    });
  }

  private whenReady(start: () => void): void {
    if (this.ready) start();
    else this.readyWaiters.push(start);
  }

  private finish(): ActiveCall | undefined {
    const active = this.active;
    if (!active) return undefined;
    clearTimeout(active.timer);
    active.release?.();
    this.active = undefined;
    this.keepAlive(false);
    return active;
  }

  private onGone(reason: string): void {
    if (this.gone) return;
    this.kill();
    this.gone = true;
    const active = this.finish();
    active?.reject(new ChildCallFailure('crash', this.fatal ?? reason, undefined, active.networkErrors));
    this.settings.onGone(this);
  }

  /** An idle child does not keep the host's process alive. */
  private keepAlive(on: boolean): void {
    const handles = [this.process, this.process.channel, this.process.stdout, this.process.stderr] as Array<
      { ref?(): void; unref?(): void } | null | undefined
    >;
    for (const handle of handles) {
      if (on) handle?.ref?.();
      else handle?.unref?.();
    }
  }
}

function reasonOf(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason.message : String(reason);
}

function exitReason(code: number | null, signal: NodeJS.Signals | null): string {
  if (signal === 'SIGABRT' || code === 134) return 'the process aborted (out of memory?)';
  if (signal) return `the process was killed by ${signal}`;
  return `the process exited with code ${code}`;
}
