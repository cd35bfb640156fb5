/**
 * {@link RunSignals} between processes over Redis pub/sub: two channels per installation (its key
 * prefix), one for what callers wait on (`responded`, `ended`) and one for cancels, so that a
 * worker process, which serves no caller, hears only cancels instead of parsing the answer and
 * end of every run of every other worker. A process delivers its own signals to its listeners at
 * once and ignores their echo, so a single process answers as fast as with the in-memory signals; the others hear them in a
 * fraction of a millisecond on loopback. Pub/sub keeps nothing: a process that is down misses
 * the signals of that time, which costs nothing (its waiters and executions are gone with it).
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { LocalRunSignals, type RunSignal, type RunSignals } from './run-signals';

/** What {@link RedisRunSignals} is built from. */
export interface RedisRunSignalsDeps {
  /** Makes a new connection (a subscribed connection cannot publish). */
  connect: () => Redis;
  /** The installation's key prefix: the channels are `<prefix>run-signals:answers` and `:cancels`. */
  prefix: string;
  /**
   * Which signals of other processes this process hears: ALL (it serves callers: an app), or
   * CANCELS only (a worker: it stops runs it executes, and waits on none until `hearAnswers`).
   */
  hears: 'ALL' | 'CANCELS';
  logger: Logger;
}

/** The channel of a signal type. */
function channelOf(prefix: string, type: RunSignal['type']): string {
  return `${prefix}run-signals:${type === 'cancel' ? 'cancels' : 'answers'}`;
}

/** Run signals over Redis pub/sub; see the module comment. */
export class RedisRunSignals implements RunSignals {
  private readonly local = new LocalRunSignals();
  private readonly origin = randomBytes(8).toString('hex');
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  /** The subscription to the answers channel, once made. */
  private answersHeard: Promise<void> | undefined;

  private constructor(private readonly deps: RedisRunSignalsDeps) {
    this.publisher = deps.connect();
    this.subscriber = deps.connect();
  }

  /** Connects and subscribes; resolves once signals of other processes are heard. */
  static async open(deps: RedisRunSignalsDeps): Promise<RedisRunSignals> {
    const signals = new RedisRunSignals(deps);
    signals.subscriber.on('message', (_channel: string, message: string) => signals.received(message));
    await signals.subscriber.subscribe(channelOf(deps.prefix, 'cancel'));
    if (deps.hears === 'ALL') await signals.hearAnswers();
    return signals;
  }

  hearAnswers(): Promise<void> {
    this.answersHeard ??= this.subscriber.subscribe(channelOf(this.deps.prefix, 'responded')).then(
      () => undefined,
      (error: unknown) => {
        this.answersHeard = undefined;
        throw error;
      },
    );
    return this.answersHeard;
  }

  publish(signal: RunSignal): void {
    this.local.publish(signal);
    this.publisher
      .publish(channelOf(this.deps.prefix, signal.type), JSON.stringify({ origin: this.origin, signal }))
      .catch((error: unknown) => {
        this.deps.logger.error(
          { err: error, signal: signal.type },
          'A run signal could not be sent to the other processes',
        );
      });
  }

  subscribe(listener: (signal: RunSignal) => void): () => void {
    return this.local.subscribe(listener);
  }

  async close(): Promise<void> {
    await this.local.close();
    this.subscriber.disconnect();
    await this.publisher.quit().catch(() => this.publisher.disconnect());
  }

  private received(message: string): void {
    let parsed: { origin: string; signal: RunSignal };
    try {
      parsed = JSON.parse(message) as { origin: string; signal: RunSignal };
    } catch {
      return;
    }
    if (parsed.origin !== this.origin) this.local.publish(parsed.signal);
  }
}
