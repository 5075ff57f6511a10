import type { PublicQuote } from '@noise/shared/quote';
import {
  orderPaymentRequest,
  quotePaymentRequest,
  type HandlePaymentResponse,
} from '@noise/shared/payments';
import { tokenizeSandboxCard } from '@noise/shared/sandbox-card';
import { apiStaffLogin } from '../support/api.ts';
import type { RunningServer } from '../support/server.ts';
import { apiGet, apiPost, uniqueSuffix } from '../checkout/helpers.ts';
import type { Service } from '@noise/shared/catalogue';

/** A payment method as the browser's sandbox card form makes it, from the succeeding test card. */
function testCardPaymentMethod(): string {
  const result = tokenizeSandboxCard({ number: '4242424242424242', expiry: '12/40', cvc: '123' });
  if ('error' in result) throw new Error(result.error);
  return result.paymentMethodId;
}

/** Pays a service order by handle-payment (docs/product.md#data-shapes); answers its project id. */
export async function payServiceOrder(
  server: RunningServer,
  customer: { token: string; email: string },
  options: { serviceId: string; packageTitle: string; coordinatorId: string; companyName: string },
): Promise<string> {
  const service = await apiGet<Service>(
    server,
    `/api/services/${options.serviceId}`,
    customer.token,
  );
  const pkg = service.packages.find((p) => p.title === options.packageTitle);
  if (!pkg) throw new Error(`no package ${options.packageTitle}`);
  const body = orderPaymentRequest({
    service,
    package: pkg,
    extras: [],
    coordinatorId: options.coordinatorId,
    customer: { name: 'Test Customer', email: customer.email },
    companyName: options.companyName,
    contactNumber: '0412345678',
    paymentMethodId: testCardPaymentMethod(),
    idempotencyKey: `chk_${crypto.randomUUID()}`,
  });
  const result = await apiPost<HandlePaymentResponse>(
    server,
    '/api/payments/handle-payment',
    customer.token,
    body,
  );
  if (!result.success) throw new Error('the test card asked for 3-D Secure');
  return result.projectId;
}

/** A custom quote paid through the API by a customer. */
export async function payQuote(
  server: RunningServer,
  customer: { token: string; email: string; userId: string },
  quoteId: string,
  coordinatorId: string,
): Promise<string> {
  const open = await apiGet<PublicQuote>(server, `/api/quotes/${quoteId}`, customer.token);
  // Signed first, as the proposal page asks (docs/decisions/077-proposals.md).
  await apiPost(server, `/api/quotes/${quoteId}/accept`, customer.token, {
    version: open.version,
    name: 'Test Customer',
    agreeToTerms: true,
  });
  const quote = await apiGet<PublicQuote>(server, `/api/quotes/${quoteId}`, customer.token);
  const body = quotePaymentRequest({
    quote,
    userId: customer.userId,
    coordinatorId,
    customer: { name: 'Test Customer', email: customer.email },
    companyName: 'Quote Payers Ltd',
    contactNumber: '0412345678',
    paymentMethodId: testCardPaymentMethod(),
    idempotencyKey: `chk_${crypto.randomUUID()}`,
  });
  const result = await apiPost<HandlePaymentResponse>(
    server,
    '/api/payments/handle-payment',
    customer.token,
    body,
  );
  if (!result.success) throw new Error('the test card asked for 3-D Secure');
  return result.projectId;
}

/** A co-ordinator with a password, signed in through the API. */
export async function coordinatorWithToken(
  server: RunningServer,
  staffToken: string,
  firstName: string,
): Promise<{ _id: string; name: string; token: string }> {
  const suffix = uniqueSuffix();
  const email = `coord-${suffix}@example.com`;
  const password = 'coordinator password 123';
  const form = new FormData();
  form.append('email', email);
  form.append('role', 'co-ordinator');
  form.append('password', password);
  form.append('profile[firstName]', firstName);
  form.append('profile[lastName]', `Ordin ${suffix}`);
  const user = await apiPost<{ _id: string }>(server, '/api/users/site-users', staffToken, form);
  return {
    _id: user._id,
    name: `${firstName} Ordin ${suffix}`,
    token: await apiStaffLogin(server.url, email, password),
  };
}
