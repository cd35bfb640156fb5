import type { PropertyRequest } from '../properties/evaluate-property';
import type { AppEventRequest } from '../triggers/app-event';
import type { ActionRunRequest, TriggerRunRequest } from '../triggers/trigger-request';

/** The services a piece process reaches in its parent, by name. */
export type ServiceMethod =
  'store.get' | 'store.put' | 'store.delete' | 'files.save' | 'files.load' | 'connections.get' | 'listFlows';

/** The plain parts of the services, copied into each call. */
export interface ServicesSnapshot {
  urls: { apiUrl: string; publicUrl: string };
  token?: string;
  ssrfAllowList: readonly string[];
  /** AP_MAX_FILE_SIZE_MB, for FILE props given as URLs. */
  maxFileSizeMb?: number;
  /** The host's clock when the call was sent; the child advances it with its own monotonic clock. */
  nowMs: number;
}

/** What a piece process is asked to do. */
export type ChildCommand =
  | { kind: 'metadata'; moduleDir: string }
  | { kind: 'action'; moduleDir: string; request: ActionRunRequest; services: ServicesSnapshot }
  | { kind: 'trigger'; moduleDir: string; request: TriggerRunRequest; services: ServicesSnapshot }
  | { kind: 'property'; moduleDir: string; request: PropertyRequest; services: ServicesSnapshot }
  | { kind: 'appEvent'; moduleDir: string; request: AppEventRequest };

/** Parent to piece process. */
export type ToChild =
  | { type: 'call'; callId: number; command: ChildCommand }
  | { type: 'service-reply'; serviceCallId: number; ok: true; value: unknown }
  | { type: 'service-reply'; serviceCallId: number; ok: false; message: string };

/**
 * Piece process to parent: ready to take calls; a service call made by a running call; an
 * error a socket met during a call (sent when it differs from the call's previous one); a
 * call's result (`ok: false` when the child could not even produce an outcome); a fatal error
 * just before it exits.
 */
export type FromChild =
  | { type: 'ready' }
  | { type: 'service'; callId: number; serviceCallId: number; method: ServiceMethod; args: unknown[] }
  | { type: 'network-error'; callId: number; message: string }
  | { type: 'result'; callId: number; ok: true; value: unknown }
  | { type: 'result'; callId: number; ok: false; message: string }
  | { type: 'fatal'; message: string };

/** The argument a piece process is started with (JSON in `argv[2]`). */
export interface ChildOptions {
  ssrfAllowList: readonly string[];
}
