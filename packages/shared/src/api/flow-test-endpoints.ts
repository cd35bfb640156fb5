/** Flow test cases, running them, and replaying past runs against a version, `ENDPOINTS.flowTests`. */
import { z } from 'zod';
import { FlowReplayRequest, FlowReplayResult } from '../flow-tests/flow-replay';
import {
  CreateFlowTestCaseFromRunRequest,
  CreateFlowTestCaseRequest,
  FlowTestCase,
  UpdateFlowTestCaseRequest,
} from '../flow-tests/flow-test-case';
import { RunFlowTestsRequest, RunFlowTestsResponse } from '../flow-tests/flow-test-result';
import { projectAccess } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/**
 * `GET|POST /v1/flows/:id/test-cases`, `POST /v1/flows/:id/test-cases/from-run`,
 * `POST|DELETE /v1/test-cases/:id`, `POST /v1/flows/:id/test-cases/run` and
 * `POST /v1/flows/:id/replay`. Saving a run as a test case and replaying runs read runs' data,
 * so they need READ_RUN beside the flow permission.
 */
export const FLOW_TEST_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/v1/flows/:id/test-cases',
    operationId: 'flowTests.list',
    summary: "List a flow's test cases, oldest first",
    access: projectAccess('READ_FLOW', { from: 'entity', entity: 'flow' }),
    params: IdParams,
    status: 200,
    response: z.array(FlowTestCase),
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/flows/:id/test-cases',
    operationId: 'flowTests.create',
    summary: 'Add a test case to a flow: a trigger output, recorded piece steps and expectations',
    access: projectAccess('WRITE_FLOW', { from: 'entity', entity: 'flow' }),
    params: IdParams,
    body: CreateFlowTestCaseRequest,
    status: 201,
    response: FlowTestCase,
  }),
  createFromRun: endpoint({
    method: 'POST',
    path: '/v1/flows/:id/test-cases/from-run',
    operationId: 'flowTests.createFromRun',
    summary:
      "Save a finished run of the flow as a test case: its trigger output, its piece steps' recordings, and each step's output and the run's status and response as expectations",
    access: projectAccess(['WRITE_FLOW', 'READ_RUN'], { from: 'entity', entity: 'flow' }),
    params: IdParams,
    body: CreateFlowTestCaseFromRunRequest,
    status: 201,
    response: FlowTestCase,
  }),
  update: endpoint({
    method: 'POST',
    path: '/v1/test-cases/:id',
    operationId: 'flowTests.update',
    summary: "Change a test case's name, trigger output, recordings or expectations",
    access: projectAccess('WRITE_FLOW', { from: 'entity', entity: 'flowTestCase' }),
    params: IdParams,
    body: UpdateFlowTestCaseRequest,
    status: 200,
    response: FlowTestCase,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/test-cases/:id',
    operationId: 'flowTests.delete',
    summary: 'Delete a test case',
    access: projectAccess('WRITE_FLOW', { from: 'entity', entity: 'flowTestCase' }),
    params: IdParams,
    status: 204,
  }),
  run: endpoint({
    method: 'POST',
    path: '/v1/flows/:id/test-cases/run',
    operationId: 'flowTests.run',
    summary:
      "Run a flow's test cases (all, or the ones named) against a version (default: the draft), piece steps answered from their recordings; nothing is stored",
    access: projectAccess('READ_FLOW', { from: 'entity', entity: 'flow' }),
    params: IdParams,
    body: RunFlowTestsRequest,
    status: 200,
    response: RunFlowTestsResponse,
  }),
  replay: endpoint({
    method: 'POST',
    path: '/v1/flows/:id/replay',
    operationId: 'flowTests.replay',
    summary:
      "Replay the flow's latest PRODUCTION runs against a version (default: the draft), piece steps answered from the runs' records, and say which runs would change",
    access: projectAccess(['READ_FLOW', 'READ_RUN'], { from: 'entity', entity: 'flow' }),
    params: IdParams,
    body: FlowReplayRequest,
    status: 200,
    response: FlowReplayResult,
  }),
};
