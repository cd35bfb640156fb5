import { createPublicKey, sign, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEvent, CreatedSigningKey, Page, SigningKey } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';

let server: TestServer;
let admin: TestUser;
let stranger: TestUser;
let key: CreatedSigningKey;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpTestUser(server);
  stranger = await signUpTestUser(server);
  const created = await callApi(server.apiUrl, 'POST', '/v1/signing-keys', {
    token: admin.token,
    body: { displayName: 'Host app' },
  });
  expect(created.status).toBe(201);
  key = CreatedSigningKey.parse(created.body);
}, 60_000);
afterAll(() => server.close());

describe('signing keys', () => {
  it('answers a working RSA-4096 PEM pair once', () => {
    expect(key.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(key.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(createPublicKey(key.publicKey).asymmetricKeyDetails?.modulusLength).toBe(4096);
    const data = Buffer.from('header.payload');
    const signature = sign('sha256', data, key.privateKey);
    expect(verify('sha256', data, key.publicKey, signature)).toBe(true);
    expect(verify('sha256', Buffer.from('header.other'), key.publicKey, signature)).toBe(false);
  });

  it('stores the public key only: no column of any row holds the private key', async () => {
    const rows = await server.server.context.store.db.selectFrom('signingKey').selectAll().execute();
    const row = rows.find((entry) => entry.id === key.id);
    expect(row).toMatchObject({ platformId: admin.platformId, publicKey: key.publicKey, algorithm: 'RSA' });
    const body = key.privateKey.split('\n')[1]!;
    for (const value of Object.values(row ?? {})) expect(String(value)).not.toContain(body);
    const events = await server.server.context.store.db.selectFrom('auditEvent').selectAll().execute();
    expect(JSON.stringify(events)).not.toContain(body);
  });

  it('lists and gets the key without either half of the pair', async () => {
    const listed = await callApi(server.apiUrl, 'GET', '/v1/signing-keys', { token: admin.token });
    expect(listed.status).toBe(200);
    expect(Page(SigningKey).parse(listed.body).data).toEqual([
      { id: key.id, created: key.created, updated: key.updated, displayName: 'Host app' },
    ]);
    const got = await callApi(server.apiUrl, 'GET', `/v1/signing-keys/${key.id}`, { token: admin.token });
    expect(got.body).toEqual({
      id: key.id,
      created: key.created,
      updated: key.updated,
      displayName: 'Host app',
    });
    expect(JSON.stringify([listed.body, got.body])).not.toContain('PRIVATE KEY');
  });

  it('records signing.key.created with the key as listed', async () => {
    const answer = await callApi(server.apiUrl, 'GET', '/v1/audit-events', {
      token: admin.token,
      query: { action: 'signing.key.created' },
    });
    const events = Page(AuditEvent).parse(answer.body).data;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      platformId: admin.platformId,
      userId: admin.userId,
      data: { signingKey: { id: key.id, displayName: 'Host app' } },
    });
  });

  it.each([
    ['GET', 'get'],
    ['DELETE', 'delete'],
  ])('answers %s of another platform’s key with 404', async (method) => {
    const answer = await callApi(server.apiUrl, method, `/v1/signing-keys/${key.id}`, {
      token: stranger.token,
    });
    expect(answer).toMatchObject({ status: 404, body: { code: 'ENTITY_NOT_FOUND' } });
    const listed = await callApi(server.apiUrl, 'GET', '/v1/signing-keys', { token: stranger.token });
    expect(Page(SigningKey).parse(listed.body).data).toEqual([]);
  });

  it('refuses members and a blank name, and deletes a key for good', async () => {
    const member = await addTestUser(server, admin.platformId, 'MEMBER');
    const refused = await callApi(server.apiUrl, 'POST', '/v1/signing-keys', {
      token: member.token,
      body: { displayName: 'x' },
    });
    expect(refused.status).toBe(403);
    const blank = await callApi(server.apiUrl, 'POST', '/v1/signing-keys', {
      token: admin.token,
      body: { displayName: '  ' },
    });
    expect(blank.status).toBe(400);

    const other = CreatedSigningKey.parse(
      (
        await callApi(server.apiUrl, 'POST', '/v1/signing-keys', {
          token: admin.token,
          body: { displayName: 'Old' },
        })
      ).body,
    );
    const deleted = await callApi(server.apiUrl, 'DELETE', `/v1/signing-keys/${other.id}`, {
      token: admin.token,
    });
    expect(deleted.status).toBe(200);
    expect(
      (await callApi(server.apiUrl, 'GET', `/v1/signing-keys/${other.id}`, { token: admin.token })).status,
    ).toBe(404);
    expect(
      (await callApi(server.apiUrl, 'DELETE', `/v1/signing-keys/${other.id}`, { token: admin.token })).status,
    ).toBe(404);
  });
});
