import type { FromChild, ServiceMethod, ToChild } from '../protocol';

type Reply = Extract<ToChild, { type: 'service-reply' }>;

/**
 * The piece process's side of the IPC channel: sends messages to the parent and turns service
 * calls into promises settled by the parent's replies. Arguments cross as JSON (what the
 * reference platform sends its server anyway: functions dropped, class instances as plain
 * data); ones JSON cannot take (a cycle, a BigInt) reject the call.
 */
export class ParentChannel {
  private nextServiceCallId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  constructor(private readonly send: (message: FromChild) => void) {}

  post(message: FromChild): void {
    this.send(message);
  }

  /** Calls a service of the parent for call `callId`. */
  request(callId: number, method: ServiceMethod, args: unknown[]): Promise<unknown> {
    const serviceCallId = this.nextServiceCallId++;
    return new Promise((resolve, reject) => {
      this.pending.set(serviceCallId, { resolve, reject });
      try {
        this.send({ type: 'service', callId, serviceCallId, method, args });
      } catch (error) {
        this.pending.delete(serviceCallId);
        reject(new Error(`${method} cannot send its arguments to the host: ${(error as Error).message}`));
      }
    });
  }

  settle(reply: Reply): void {
    const waiting = this.pending.get(reply.serviceCallId);
    if (!waiting) return;
    this.pending.delete(reply.serviceCallId);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new Error(reply.message));
  }
}
