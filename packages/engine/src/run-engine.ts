import {
  countStepRecords,
  findStep,
  withoutFailedStep,
  type Step,
  type StepOutputs,
} from '@piecework/shared';
import type { EventEmitter } from 'eventemitter3';
import type { EngineHost } from './host/engine-host';
import { acquireSandbox } from './sandbox/sandbox-pool';
import type { Sandbox } from './sandbox/sandbox';
import { messageOf } from './run/attempt-outcome';
import type { EngineEvents } from './run/engine-events';
import { codeSandboxLimits, type EngineOptions } from './run/engine-options';
import type { EngineRequest } from './run/engine-request';
import { executeChain } from './steps/execute-chain';
import { failedHalt, type Halt } from './run/halt';
import { jsonByteSize } from './run/json-size';
import { needsSandbox } from './run/needs-sandbox';
import { offloadedFileIds } from './run/offloaded-output';
import { recordStep } from './run/record-step';
import { RunContext } from './run/run-context';
import type { RunResult } from './run/run-result';
import { StepScope } from './run/step-scope';

/**
 * Executes one engine request (a new run, a resume, a retry from the failed step, or a
 * single-step test) and returns its result. Step failures and limits come back as data; only
 * misuse (e.g. testing a step that does not exist) throws. An unexpected error inside the engine
 * ends the run INTERNAL_ERROR with the records made so far. The run's abort signal (handed to
 * every piece call) is aborted when it returns, and when `signal` (the caller's) is aborted.
 */
export async function runEngine(
  request: EngineRequest,
  host: EngineHost,
  options: EngineOptions,
  events: EventEmitter<EngineEvents>,
  signal?: AbortSignal,
): Promise<RunResult> {
  const startedAt = host.now();
  const deadline = startedAt + options.flowTimeoutSeconds * 1000;
  if (request.kind === 'TEST_STEP' && !testableStep(request.flowVersion, request.stepName)) {
    throw new Error(
      `Cannot test step '${request.stepName}': it is not a step of flow version ${request.flowVersion.id}`,
    );
  }
  const records: StepOutputs = {};
  let sandbox: Sandbox | undefined;
  let context: RunContext | undefined;
  try {
    if (needsSandbox(request.flowVersion)) {
      sandbox = await acquireSandbox({
        ...codeSandboxLimits(options),
        shouldInterrupt: () => host.now() > deadline,
      });
    }
    const resume = request.kind === 'RESUME' ? request.resumePayload : undefined;
    context = new RunContext(
      host,
      options,
      request.run,
      request.flowVersion,
      events,
      sandbox,
      startedAt,
      resume,
      request.kind === 'TEST_STEP',
      signal,
    );
    const halt = await execute(context, request, records);
    return buildResult(context, records, halt);
  } catch (error) {
    const message = `Internal error: ${messageOf(error)}`;
    host.log.log('error', message, { 'flowRun.id': request.run.id });
    return buildResult(context, records, failedHalt('INTERNAL_ERROR', message), startedAt, host);
  } finally {
    context?.end();
    sandbox?.dispose();
  }
}

async function execute(
  context: RunContext,
  request: EngineRequest,
  records: StepOutputs,
): Promise<Halt | undefined> {
  const { trigger } = request.flowVersion;
  const scope = new StepScope();
  switch (request.kind) {
    case 'EXECUTE': {
      const startedAt = context.host.now();
      const { record, halt } = await recordStep(
        context,
        { ...trigger, type: trigger.type },
        { status: 'SUCCEEDED', loggedInput: {}, output: request.triggerPayload, startedAt },
      );
      records.trigger = record;
      scope.set('trigger', { output: request.triggerPayload });
      if (halt) return halt;
      return executeChain(context, trigger.nextAction, { records, previous: undefined, scope, path: [] });
    }
    case 'RESUME':
    case 'RETRY_FROM_FAILED_STEP': {
      const previous = request.kind === 'RESUME' ? request.steps : withoutFailedStep(request.steps);
      await loadOffloadedOutputs(context, previous);
      context.logBytes = jsonByteSize(previous);
      if (previous.trigger) {
        records.trigger = previous.trigger;
        scope.setFromRecord('trigger', previous.trigger, context.savedOutput(previous.trigger));
      }
      return executeChain(context, trigger.nextAction, { records, previous, scope, path: [] });
    }
    case 'TEST_STEP': {
      for (const [name, output] of Object.entries(request.sampleData)) scope.set(name, { output });
      const step = testableStep(request.flowVersion, request.stepName)!;
      return executeChain(context, step, { records, previous: undefined, scope, path: [] });
    }
  }
}

/** The step alone (no successor, no body, no branch steps), as single-step test mode runs it. */
function testableStep(version: EngineRequest['flowVersion'], name: string): Step | undefined {
  if (name === version.trigger.name) return undefined;
  const step = findStep(version, name) as Step | undefined;
  if (!step) return undefined;
  const alone = { ...step, nextAction: undefined, skip: false } as Step;
  if (alone.type === 'LOOP_ON_ITEMS') alone.firstLoopAction = undefined;
  if (alone.type === 'ROUTER') alone.children = alone.children.map(() => null);
  return alone;
}

async function loadOffloadedOutputs(context: RunContext, records: StepOutputs): Promise<void> {
  for (const fileId of offloadedFileIds(records)) {
    context.loadedOutputs.set(fileId, JSON.parse(await context.host.files.load(fileId)));
  }
}

function buildResult(
  context: RunContext | undefined,
  steps: StepOutputs,
  halt: Halt | undefined,
  startedAt = context?.startedAt ?? 0,
  host = context?.host,
): RunResult {
  const base = {
    steps,
    duration: Math.max(0, (host?.now() ?? startedAt) - startedAt),
    stepsCount: countStepRecords(steps),
    ...(context?.response ? { response: context.response } : {}),
  };
  if (!halt || halt.kind === 'STOPPED') return { ...base, status: 'SUCCEEDED' };
  if (halt.kind === 'PAUSED') return { ...base, status: 'PAUSED', pause: halt.pause };
  return {
    ...base,
    status: halt.status,
    message: halt.message,
    ...(halt.step ? { failedStep: { ...halt.step, message: halt.message } } : {}),
  };
}
