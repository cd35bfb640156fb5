/** The endpoints of steps' sample data, `ENDPOINTS.sampleData`. */
import { z } from 'zod';
import { GetSampleDataQuery } from '../flows/sample-data-requests';
import { projectAccess } from './endpoint-access';
import { endpoint } from './endpoint';

/** Reading a step's stored sample data, as the builder does. */
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
};
