/**
 * The job queue as the server's run machinery holds it: its changes join the data store's write
 * transactions, so a run's row and its job commit together.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../infrastructure/storage/database';
import type { JobQueue, OnClaimed } from './job-queue';

/** The run machinery's queue: a {@link JobQueue} whose writes are the store's transactions. */
export type RunQueue = JobQueue<Kysely<Database>>;

/** What the run machinery does in a claim's transaction (see {@link OnClaimed}). */
export type OnRunsClaimed<T> = OnClaimed<Kysely<Database>, T>;
