/**
 * The endpoints of AI providers (`/v1/ai-providers`, reached as `ENDPOINTS.aiProviders`) and of
 * agent runs (`/v1/agent-runs`, `ENDPOINTS.agentRuns`): the platform's model providers that agent
 * steps use, its web-search setting, and the server's record of each agent step's run.
 */
import { z } from 'zod';
import {
  AIProviderModel,
  AIProviderParams,
  AIProviderWithoutSensitiveData,
  AIWebSearchSettings,
  CreateAIProviderRequest,
  ListAIModelsQuery,
  UpdateAIProviderRequest,
} from '../ai/ai-provider';
import { AgentRun, ListAgentRunsQuery } from '../ai/agent-run';
import { Page } from '../common/page';
import { PLATFORM_ACCESS, PLATFORM_ADMIN_ACCESS, projectAccess } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/** List, models, create, update, delete; the web-search setting. Keys are never answered. */
export const AI_PROVIDER_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/v1/ai-providers',
    operationId: 'aiProviders.list',
    summary: "List the platform's AI providers (without their keys)",
    access: PLATFORM_ACCESS,
    status: 200,
    response: z.array(AIProviderWithoutSensitiveData),
  }),
  listModels: endpoint({
    method: 'GET',
    path: '/v1/ai-providers/:provider/models',
    operationId: 'aiProviders.listModels',
    summary: 'List the models of a configured provider (asked of the provider, or as configured)',
    access: PLATFORM_ACCESS,
    params: AIProviderParams,
    query: ListAIModelsQuery,
    status: 200,
    response: z.array(AIProviderModel),
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/ai-providers',
    operationId: 'aiProviders.create',
    summary: 'Add an AI provider to the platform (its key is stored encrypted, never answered)',
    access: PLATFORM_ADMIN_ACCESS,
    body: CreateAIProviderRequest,
    status: 201,
    response: AIProviderWithoutSensitiveData,
  }),
  update: endpoint({
    method: 'POST',
    path: '/v1/ai-providers/:id',
    operationId: 'aiProviders.update',
    summary: "Change an AI provider's name, config or key",
    access: PLATFORM_ADMIN_ACCESS,
    params: IdParams,
    body: UpdateAIProviderRequest,
    status: 200,
    response: AIProviderWithoutSensitiveData,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/ai-providers/:id',
    operationId: 'aiProviders.delete',
    summary: 'Remove an AI provider (agent steps naming it then fail)',
    access: PLATFORM_ADMIN_ACCESS,
    params: IdParams,
    status: 204,
  }),
  getWebSearch: endpoint({
    method: 'GET',
    path: '/v1/ai-providers/web-search',
    operationId: 'aiProviders.getWebSearch',
    summary: "Read the platform's web-search setting for agent steps",
    access: PLATFORM_ACCESS,
    status: 200,
    response: AIWebSearchSettings,
  }),
  setWebSearch: endpoint({
    method: 'POST',
    path: '/v1/ai-providers/web-search',
    operationId: 'aiProviders.setWebSearch',
    summary: 'Turn web search on or off for every agent step of the platform',
    access: PLATFORM_ADMIN_ACCESS,
    body: AIWebSearchSettings,
    status: 200,
    response: AIWebSearchSettings,
  }),
};

/** The agent runs of a project's flow runs (READ_RUN). */
export const AGENT_RUN_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/v1/agent-runs',
    operationId: 'agentRuns.list',
    summary: 'List the agent runs of a project, or of one flow run, newest first',
    access: projectAccess('READ_RUN', { from: 'query' }),
    query: ListAgentRunsQuery,
    status: 200,
    response: Page(AgentRun),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/agent-runs/:id',
    operationId: 'agentRuns.get',
    summary: 'Get an agent run: its request, every message and turn, its result',
    access: projectAccess('READ_RUN', { from: 'entity', entity: 'agentRun' }),
    params: IdParams,
    status: 200,
    response: AgentRun,
  }),
};
