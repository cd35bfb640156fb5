import { codeSandboxLimits, type EngineOptions } from '../run/engine-options';
import { acquireSandbox } from '../sandbox/sandbox-pool';

/**
 * Prepares a worker thread before it says `ready`, so that its first run does not pay for it:
 * loads and compiles QuickJS and makes a sandbox with the limits runs use
 * (`codeSandboxLimits`, as `runEngine` asks for it), then hands it back to the sandbox
 * pool, where the first run that needs a sandbox finds it warm. Never fails: a sandbox that cannot
 * be made fails the first run that needs it, with its own message.
 */
export async function warmUpThread(options: EngineOptions): Promise<void> {
  try {
    const sandbox = await acquireSandbox({ ...codeSandboxLimits(options), shouldInterrupt: () => false });
    sandbox.dispose();
  } catch {
    // Reported by the first run that needs a sandbox.
  }
}
