import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { createUser } from '../test/factories.ts';
import type { paths } from '../test/openapi-types.ts';
import { coordinator, createServiceToOrder, orderBody } from '../test/order-factories.ts';
import { OPENAPI_FILE, openApiText } from './openapi-files.ts';

/**
 * The committed OpenAPI document is the one the app serves, and a client typed from it
 * (openapi-typescript's types, openapi-fetch) buys and changes things over HTTP: the document
 * cannot drift from the server without this file failing to type-check or to pass.
 */
const { app } = await createTestApp();
await app.listen({ host: '127.0.0.1', port: 0 });
const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const client = createClient<paths>({ baseUrl });
const signedIn = (token: string) => ({ Authorization: `Bearer ${token}` });

it(`${OPENAPI_FILE} is the document the app serves (npm run openapi writes it)`, async () => {
  const served = await fetch(`${baseUrl}/api/docs/json`);
  const file = fileURLToPath(new URL(`../../../../${OPENAPI_FILE}`, import.meta.url));
  expect(readFileSync(file, 'utf8'), `${OPENAPI_FILE} is stale: run \`npm run openapi\``).toBe(
    openApiText(await served.json()),
  );
});

describe('the typed client', () => {
  it('buys a service in the sandbox, the idempotency key in its header', async () => {
    const cora = await coordinator(app);
    const { token } = await createUser(app);
    const { idempotencyKey, ...body } = orderBody(await createServiceToOrder(app), {
      coordinatorId: cora.user.id,
    });
    const paid = await client.POST('/api/payments/handle-payment', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      headers: signedIn(token),
      body,
    });
    expect(paid.error).toBeUndefined();
    if (!paid.data?.success) throw new Error(`not paid: ${JSON.stringify(paid.data)}`);

    const project = await client.GET('/api/projects/{id}', {
      params: { path: { id: paid.data.projectId } },
      headers: signedIn(token),
    });
    expect(project.response.status).toBe(200);
    expect(project.data?._id).toBe(paid.data.projectId);
    await app.afterAnswer.drain();
  });

  it('makes a custom quote as staff, and reads a refusal as the documented error', async () => {
    const quote = {
      name: 'Launch campaign',
      summary: 'A launch campaign for the new store',
      deliverables: 'Strategy, Four videos',
      value: 2500,
    };
    const admin = await createUser(app, { role: 'admin' });
    const created = await client.POST('/api/quotes', {
      headers: signedIn(admin.token),
      body: quote,
    });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'Launch campaign', value: 2500 });

    const customer = await createUser(app);
    const refused = await client.POST('/api/quotes', {
      headers: signedIn(customer.token),
      body: quote,
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error).toMatchObject({ statusCode: 403, error: 'forbidden' });
    expect(refused.error?.requestId).toBe(refused.response.headers.get('x-request-id'));
  });
});
