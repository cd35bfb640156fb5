/**
 * SCIM provisioning tests: a SCIM client as identity providers are (plain `fetch` with a bearer
 * token and `application/scim+json` bodies), a platform with an admin and an API key to provision
 * it with, and checks that every answer is the SCIM resource it claims to be, by our zod schemas
 * and by the `scimmy` library's RFC 7643 schema definitions.
 */
import SCIMMY from 'scimmy';
import { expect } from 'vitest';
import {
  SCIM_ERROR_SCHEMA,
  SCIM_MEDIA_TYPE,
  ScimError,
  ScimGroup,
  ScimListResponse,
  ScimUser,
} from '@piecework/shared';
import { callApi } from '../call-api';
import type { TestServer } from '../test-server';
import { signUpTestUser, type TestUser } from '../test-users';

/** A SCIM answer: status, content type and body. */
export interface ScimAnswer {
  status: number;
  contentType: string | null;
  body: unknown;
}

/** A SCIM client of one server, with one bearer token (or none). */
export interface ScimClient {
  call(method: string, path: string, body?: unknown): Promise<ScimAnswer>;
}

/** A SCIM client calling `/api/v1/scim/v2` of `server` with `token`. */
export function scimClient(server: Pick<TestServer, 'apiUrl'>, token: string | undefined): ScimClient {
  return {
    async call(method, path, body) {
      const headers: Record<string, string> = { accept: SCIM_MEDIA_TYPE };
      if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
      if (body !== undefined) headers['content-type'] = SCIM_MEDIA_TYPE;
      const response = await fetch(`${server.apiUrl}/v1/scim/v2${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        contentType: response.headers.get('content-type'),
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      };
    },
  };
}

/** A new platform: its admin, and a SCIM client holding a fresh platform API key of it. */
export async function scimPlatform(
  server: TestServer,
): Promise<{ admin: TestUser; scim: ScimClient; apiKey: string }> {
  const admin = await signUpTestUser(server);
  const created = await callApi<{ value: string }>(server.apiUrl, 'POST', '/v1/api-keys', {
    token: admin.token,
    body: { displayName: 'SCIM' },
  });
  expect(created.status).toBe(201);
  return { admin, scim: scimClient(server, created.body.value), apiKey: created.body.value };
}

/** `answer` is `status` with a SCIM User, checked by our schema and by scimmy's. */
export function expectScimUser(answer: ScimAnswer, status = 200): ScimUser {
  expectScimAnswer(answer, status);
  new SCIMMY.Schemas.User(answer.body, 'out');
  return ScimUser.parse(answer.body);
}

/** `answer` is `status` with a SCIM Group, checked by our schema and by scimmy's. */
export function expectScimGroup(answer: ScimAnswer, status = 200): ScimGroup {
  expectScimAnswer(answer, status);
  new SCIMMY.Schemas.Group(answer.body, 'out');
  return ScimGroup.parse(answer.body);
}

/** `answer` is a 200 list of Users, each checked as {@link expectScimUser} does. */
export function expectScimUserList(answer: ScimAnswer) {
  expectScimAnswer(answer, 200);
  const list = ScimListResponse(ScimUser).parse(answer.body);
  for (const user of list.Resources) new SCIMMY.Schemas.User(user, 'out');
  return list;
}

/** `answer` is a 200 list of Groups, each checked as {@link expectScimGroup} does. */
export function expectScimGroupList(answer: ScimAnswer) {
  expectScimAnswer(answer, 200);
  const list = ScimListResponse(ScimGroup).parse(answer.body);
  for (const group of list.Resources) new SCIMMY.Schemas.Group(group, 'out');
  return list;
}

/** `answer` is a SCIM error with `status` (and `scimType` when given). */
export function expectScimError(answer: ScimAnswer, status: number, scimType?: string): ScimError {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.contentType).toMatch(/^application\/scim\+json/);
  const error = ScimError.parse(answer.body);
  expect(error.schemas).toEqual([SCIM_ERROR_SCHEMA]);
  expect(error.status).toBe(String(status));
  if (scimType !== undefined) expect(error.scimType).toBe(scimType);
  return error;
}

function expectScimAnswer(answer: ScimAnswer, status: number): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.contentType).toMatch(/^application\/scim\+json/);
}
