/** The endpoints of steps' sample data and single-step tests, `ENDPOINTS.sampleData`. */
import { z } from 'zod';
import { FlowRun } from '../flow-runs/flow-run';
import { GetSampleDataQuery, TestStepRunRequest } from '../flows/sample-data-requests';
import { projectAccess } from './endpoint-access';
import { endpoint } from './endpoint';

/** Reading a step's stored sample data, and testing one step, as the builder does. */
export const SAMPLE_DATA_ENDPOINTS = {
  get: endpoint({
    method: 'GET',
    path: '/v1/sample-data',
    operationId: 'sampleData.get',
    summary: "A step's stored sample input or output (the JSON value as stored; {} when none is stored)",
    access: projectAccess('READ_FLOW', { from: 'query' }),
    query: GetSampleDataQuery,
    status: 200,
    response: z.unknown(),
  }),
  testStep: endpoint({
    method: 'POST',
    path: '/v1/sample-data/test-step',
    operationId: 'sampleData.testStep',
    summary:
      "Start a TESTING run of one step alone; when it ends, the step's output and input are saved as its sample data",
    access: projectAccess('WRITE_FLOW', { from: 'body' }),
    body: TestStepRunRequest,
    status: 200,
    response: FlowRun,
  }),
};
