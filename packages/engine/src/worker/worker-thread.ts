/**
 * The default code of a `WorkerRunner` thread (built as the package's `worker-thread` entry):
 * {@link runWorkerThread} without a setup, so every piece call goes to the main thread.
 */
import { runWorkerThread } from './run-worker-thread';

runWorkerThread();
