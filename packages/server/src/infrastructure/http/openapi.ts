/**
 * Builds the OpenAPI 3.1 description (`GET /api/v1/docs`) from the route declarations: every
 * public route, its parameters, body and answer, as JSON Schema 2020-12 from the shared zod schemas.
 */
import { z } from 'zod';
import { ErrorBody, type Endpoint } from '@piecework/shared';

type AnyEndpoint = Endpoint<
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined
>;

/** An OpenAPI 3.1 document (loosely typed: it is data to serve, not to build on). */
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
};

/** One operation of the document. */
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  [key: string]: unknown;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): unknown {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' });
}

/** `/v1/flows/:id` -> `/v1/flows/{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parameters(schema: z.ZodType | undefined, location: 'path' | 'query'): unknown[] {
  if (schema === undefined) {
    return [];
  }
  const described = jsonSchema(schema, 'input') as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(described.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (described.required ?? []).includes(name),
    schema: property,
  }));
}

function operation(endpoint: AnyEndpoint): OpenApiOperation {
  const mediaType = endpoint.mediaType ?? 'application/json';
  const errorResponse = {
    description: 'An error: `{code, params}`',
    content: { 'application/json': { schema: jsonSchema(ErrorBody, 'output') } },
  };
  const success =
    endpoint.response === undefined
      ? { description: 'Success' }
      : {
          description: 'Success',
          content: { [mediaType]: { schema: jsonSchema(endpoint.response, 'output') } },
        };
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    tags: [endpoint.operationId.split('.')[0] ?? 'api'],
    parameters: [...parameters(endpoint.params, 'path'), ...parameters(endpoint.query, 'query')],
    ...(endpoint.body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: { [mediaType]: { schema: jsonSchema(endpoint.body, 'input') } },
          },
        }),
    ...(endpoint.auth === 'public' ? { security: [] } : {}),
    responses: { [String(endpoint.status)]: success, default: errorResponse },
  };
}

const ALL_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The OpenAPI document of `endpoints`, served under `serverUrl` (e.g. `http://localhost:3000/api`). */
export function buildOpenApiDocument(endpoints: readonly AnyEndpoint[], serverUrl: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of endpoints) {
    const path = (paths[openApiPath(endpoint.path)] ??= {});
    const methods = endpoint.method === 'ALL' ? ALL_METHODS : [endpoint.method.toLowerCase()];
    for (const method of methods) {
      const described = operation(endpoint);
      path[method] =
        endpoint.method === 'ALL'
          ? { ...described, operationId: `${endpoint.operationId}.${method}` }
          : described;
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Piecework API', version: '0.0.0' },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'A platform API key (`sk-...`) or a session token from sign-up / sign-in',
        },
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
