import type { AddressInfo } from 'node:net';
import { companyCan, type CompanyRole } from '@noise/shared/company';
import {
  can,
  companyPermissionOf,
  type Permission,
  type RouteAccess,
} from '@noise/shared/permissions';
import { isStaffRole, type Role } from '@noise/shared/roles';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { bearer, createTeammate, createUser } from '../test/factories.ts';

/**
 * Who may call each API route, written out by hand. A route added to the server without a line
 * here fails this suite, and so does a route whose declared access no longer matches its line:
 * a change of access is a decision to make here, on purpose.
 */
const EXPECTED: Record<string, RouteAccess> = {
  'GET /api/docs': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/config': 'public',
  'POST /api/auth/signup': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/admin-login': 'public',
  'GET /api/auth/verify-token': 'public',
  'GET /api/auth/user': 'authenticated',
  'POST /api/auth/logout': 'authenticated',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/verify-email': 'public',
  'POST /api/auth/verify-email/resend': 'authenticated',
  'GET /api/auth/google': 'public',
  'GET /api/auth/facebook': 'public',
  'GET /api/auth/apple': 'public',
  'GET /api/auth/google/callback': 'public',
  'GET /api/auth/facebook/callback': 'public',
  'GET /api/auth/apple/callback': 'public',
  'POST /api/auth/oauth/link/preview': 'public',
  'POST /api/auth/oauth/link': 'public',
  'POST /api/auth/exchange': 'public',
  'POST /api/auth/two-factor': 'public',
  'POST /api/auth/two-factor/setup-ticket': 'public',
  'POST /api/auth/two-factor/setup-ticket/confirm': 'public',
  'GET /api/auth/two-factor/status': 'authenticated',
  'POST /api/auth/two-factor/setup': 'authenticated',
  'POST /api/auth/two-factor/confirm': 'authenticated',
  'POST /api/auth/two-factor/disable': 'authenticated',
  'POST /api/auth/two-factor/recovery-codes': 'authenticated',
  'GET /api/auth/two-factor/policy': 'two-factor:manage',
  'PUT /api/auth/two-factor/policy': 'two-factor:manage',
  'DELETE /api/auth/two-factor/users/:id': 'two-factor:manage',
  'GET /api/users/profile': 'authenticated',
  'PUT /api/users/profile': 'authenticated',
  'PUT /api/users/password': 'authenticated',
  'GET /api/users/payment-method': 'authenticated',
  'PUT /api/users/payment-method': 'authenticated',
  'GET /api/payment-methods/:paymentMethodId': 'customers:manage',
  'PUT /api/payment-methods/:customerId': 'customers:manage',
  'GET /api/users/clients': 'customers:manage',
  'GET /api/users/clients/:id': 'customers:manage',
  'PUT /api/users/clients/:id': 'customers:manage',
  'GET /api/users/clients/:id/notes': 'customers:manage',
  'POST /api/users/clients/:id/notes': 'customers:manage',
  'GET /api/users/clients/:id/audit': 'customers:manage',
  'GET /api/notifications': 'authenticated',
  'POST /api/notifications/:id/read': 'authenticated',
  'POST /api/notifications/read-all': 'authenticated',
  'GET /api/notifications/settings': 'authenticated',
  'PUT /api/notifications/settings': 'authenticated',
  'GET /api/notifications/stream': 'authenticated',
  'GET /api/users/site-users': 'site-users:manage',
  'GET /api/users/site-users/:id': 'site-users:manage',
  'POST /api/users/site-users': 'site-users:manage',
  'PUT /api/users/site-users/:id': 'site-users:manage',
  'DELETE /api/users/site-users/:id': 'site-users:manage',
  'POST /api/users/site-users/:id/reset-password': 'site-users:manage',
  'POST /api/users/site-users/:id/role': 'site-users:manage',
  'GET /api/services': 'public',
  'GET /api/services/search': 'public',
  'GET /api/services/:id': 'public',
  'GET /api/pages': 'public',
  'GET /api/pages/:id': 'public',
  'GET /api/industries': 'public',
  'POST /api/users/recently-viewed': 'authenticated',
  'GET /api/users/recently-viewed': 'authenticated',
  'GET /api/pdf': 'public',
  'GET /api/services/manage': 'catalogue:manage',
  'GET /api/services/:id/manage': 'catalogue:manage',
  'POST /api/services': 'catalogue:manage',
  'PUT /api/services/:id': 'catalogue:manage',
  'DELETE /api/services/:id': 'catalogue:manage',
  'POST /api/pages': 'catalogue:manage',
  'PUT /api/pages/:id': 'catalogue:manage',
  'DELETE /api/pages/:id': 'catalogue:manage',
  'GET /api/industries/:id': 'public',
  'GET /api/navigation': 'public',
  'GET /api/navigation/manage': 'catalogue:manage',
  'PUT /api/navigation': 'catalogue:manage',
  'POST /api/industries': 'catalogue:manage',
  'PUT /api/industries/:id': 'catalogue:manage',
  'DELETE /api/industries/:id': 'catalogue:manage',
  'GET /api/overview': 'overview:read',
  'GET /api/overview/setup': 'site-users:manage',
  'GET /api/company-pages/:slug': 'public',
  'GET /api/company-pages': 'catalogue:manage',
  'PUT /api/company-pages/:slug': 'catalogue:manage',
  'GET /api/payments/config': 'public',
  'POST /api/payments/handle-payment': 'authenticated',
  'POST /api/payments/confirm': 'authenticated',
  'POST /api/payments/sandbox/authenticate': 'public',
  'POST /api/users/update-payment-info': 'authenticated',
  'GET /api/users/coordinators': 'public',
  'GET /api/users/coordinators/:id': 'authenticated',
  'GET /api/quotes/:id': 'public',
  'POST /api/quotes/:id/accept': 'public',
  'POST /api/quotes/:id/decline': 'public',
  'POST /api/quotes/:id/record-acceptance': 'quotes:manage',
  'GET /api/quotes/:id/signed.pdf': 'public',
  'GET /api/projects/:id/subscription': 'client:billing',
  'GET /api/projects/:id/payments': 'client:billing',
  'POST /api/projects/:id/subscription/cancel': 'client:billing',
  'POST /api/projects/:id/subscription/pause': 'client:billing',
  'POST /api/projects/:id/subscription/resume': 'client:billing',
  'GET /api/projects/:id/subscription/plans': 'client:billing',
  'POST /api/projects/:id/subscription/change': 'client:billing',
  'POST /api/projects/:id/subscription/change/cancel': 'client:billing',
  'POST /api/projects/:id/payments/:paymentId/refunds': 'payments:refund',
  'GET /api/companies/:id/credit': 'payments:refund',
  'GET /api/my/credit': 'client:billing',
  'POST /api/companies/:id/credit': 'payments:refund',
  'POST /api/projects/:id/balance-request': 'sales:manage',
  'GET /api/email-previews': 'catalogue:manage',
  // An email's unsubscribe link: its signature is the capability (ownership.test.ts).
  'GET /api/notifications/unsubscribe': 'public',
  'POST /api/notifications/unsubscribe': 'public',
  'GET /api/webhooks': 'webhooks:manage',
  'POST /api/webhooks': 'webhooks:manage',
  'PUT /api/webhooks/:id': 'webhooks:manage',
  'POST /api/webhooks/:id/secret': 'webhooks:manage',
  'PUT /api/webhooks/:id/enabled': 'webhooks:manage',
  'DELETE /api/webhooks/:id': 'webhooks:manage',
  'GET /api/webhooks/:id/deliveries': 'webhooks:manage',
  'POST /api/webhooks/deliveries/:id/resend': 'webhooks:manage',
  // A staff member's own keys (a customer has no permission to give one); no key makes keys.
  'GET /api/users/api-keys': 'authenticated',
  'POST /api/users/api-keys': 'authenticated',
  'POST /api/users/api-keys/:id/revoke': 'authenticated',
  'GET /api/settings/business-details': 'settings:manage',
  'PUT /api/settings/business-details': 'settings:manage',
  'PUT /api/settings/business-details/logo': 'settings:manage',
  'DELETE /api/settings/business-details/logo': 'settings:manage',
  'GET /api/business/logo/:file': 'public',
  'GET /api/api-keys': 'webhooks:manage',
  'POST /api/api-keys/:id/revoke': 'webhooks:manage',
  'GET /api/payments/:id/invoice': 'client:billing',
  'GET /api/refunds/:id/adjustment-note': 'client:billing',
  'GET /api/discount-codes': 'catalogue:manage',
  'POST /api/discount-codes': 'catalogue:manage',
  'PUT /api/discount-codes/:id': 'catalogue:manage',
  'POST /api/discount-codes/check': 'public',
  'POST /api/payments/guest-checkout': 'public',
  'POST /api/payments/guest-confirm': 'public',
  'POST /api/payments/claim-order': 'public',
  'GET /api/projects': 'client:projects',
  'GET /api/projects/:id': 'client:projects',
  'PUT /api/users/projects/:projectId/status': 'sales:manage',
  'PUT /api/projects/:projectId/status': 'sales:manage',
  'PATCH /api/projects/:id': 'sales:manage',
  'GET /api/users/clients/:id/projects': 'customers:manage',
  'GET /api/projects-all': 'sales:manage',
  'GET /api/projects-all/:id': 'sales:manage',
  'GET /api/sales/filters': 'sales:manage',
  'GET /api/projects/:id/brief': 'client:work',
  'GET /api/projects/:id/brief/questions': 'client:work',
  'POST /api/projects/:id/brief': 'client:work',
  'PUT /api/projects/:id/brief/:entryId': 'client:work',
  'GET /api/projects/:id/brief/attachments/:attachmentId': 'client:work',
  'GET /api/projects/:id/messages': 'client:work',
  'POST /api/projects/:id/messages': 'client:work',
  'GET /api/projects/:id/messages/attachments/:attachmentId': 'client:work',
  'POST /api/projects/:id/messages/read': 'client:work',
  'POST /api/projects/:id/deliverables/:deliverableId/approve': 'client:work',
  'POST /api/projects/:id/deliverables/:deliverableId/changes': 'client:work',
  'GET /api/messages/unread': 'client:work',
  'GET /api/messages/inbox': 'sales:manage',
  'GET /api/questions': 'client:work',
  'POST /api/questions': 'client:work',
  'GET /api/questions/:id': 'client:work',
  'PATCH /api/questions/:id': 'sales:manage',
  'POST /api/questions/:id/messages': 'client:work',
  'GET /api/questions/:id/messages/attachments/:attachmentId': 'client:work',
  'POST /api/questions/:id/read': 'client:work',
  'GET /api/my-work': 'sales:manage',
  'POST /api/inbound-mail': 'public',
  'GET /api/invoices': 'invoices:manage',
  'POST /api/invoices': 'invoices:manage',
  'GET /api/invoices/:id': 'invoices:manage',
  'PUT /api/invoices/:id': 'invoices:manage',
  'POST /api/invoices/:id/send': 'invoices:manage',
  'POST /api/invoices/:id/void': 'invoices:manage',
  'POST /api/invoices/:id/mark-paid': 'invoices:manage',
  'POST /api/invoices/:id/payments/:paymentId/reverse': 'invoices:manage',
  // An invoice's pay link: its signature is the capability (bills/bills.test.ts).
  'GET /api/invoices/:id/pay': 'public',
  'POST /api/invoices/:id/pay': 'public',
  'POST /api/invoices/:id/pay/confirm': 'public',
  'GET /api/subscriptions/:id/renewal-card': 'public',
  'POST /api/subscriptions/:id/renewal-card': 'public',
  'GET /api/quotes': 'quotes:manage',
  'GET /api/quotes/recipients': 'quotes:manage',
  'GET /api/quotes/:id/manage': 'quotes:manage',
  'POST /api/quotes': 'quotes:manage',
  'PUT /api/quotes/:id': 'quotes:manage',
  'DELETE /api/quotes/:id': 'quotes:manage',
  'POST /api/quotes/:id/send': 'quotes:manage',
  'POST /api/quotes/:id/extend': 'quotes:manage',
  'GET /api/reports/revenue': 'reporting:read',
  'GET /api/reports/gst': 'reporting:read',
  'GET /api/reports/recurring': 'reporting:read',
  'GET /api/reports/sales.csv': 'reporting:read',
  'GET /api/audit': 'audit:read',
  'GET /api/audit/people': 'audit:read',
  'GET /api/audit.csv': 'audit:read',
  'POST /api/auth/apple/callback': 'public',
  'GET /api/company': 'client:team',
  'GET /api/my/actions': 'client:projects',
  'GET /api/billing': 'client:billing',
  'GET /api/my/request-plans': 'client:projects',
  'POST /api/my/request-plans/:id/requests': 'client:work',
  'POST /api/my/request-plans/:id/extra-request': 'client:billing',
  'POST /api/my/requests/:id/cancel': 'client:work',
  'POST /api/my/requests/:id/move': 'client:work',
  'GET /api/requests': 'sales:manage',
  'GET /api/requests/:id': 'sales:manage',
  'POST /api/requests/:id/move': 'sales:manage',
  'PUT /api/company': 'client:team',
  'POST /api/company/invitations': 'client:team',
  'POST /api/company/invitations/:id/resend': 'client:team',
  'DELETE /api/company/invitations/:id': 'client:team',
  'PUT /api/company/members/:userId': 'client:team',
  'DELETE /api/company/members/:userId': 'client:team',
  'GET /api/companies/:id': 'customers:manage',
  'POST /api/companies/:id/invitations': 'customers:manage',
  // A company's file library (docs/product.md#files): its owners manage it.
  'GET /api/companies/:companyId/files': 'client:files',
  'POST /api/companies/:companyId/files': 'client:files',
  'GET /api/companies/:companyId/files/:fileId/content': 'client:files',
  'PATCH /api/companies/:companyId/files/:fileId': 'client:files-manage',
  'DELETE /api/companies/:companyId/files/:fileId': 'client:files-manage',
  'GET /api/companies/:companyId/bin': 'client:files-manage',
  'POST /api/companies/:companyId/bin/:fileId/restore': 'client:files-manage',
  'DELETE /api/companies/:companyId/bin/:fileId': 'client:files-manage',
  'POST /api/companies/:companyId/folders': 'client:files',
  'PATCH /api/companies/:companyId/folders/:folderId': 'client:files-manage',
  'DELETE /api/companies/:companyId/folders/:folderId': 'client:files-manage',
  'GET /api/invitations/:token': 'public',
  'POST /api/invitations/:token/accept': 'public',
  'POST /api/payments/:provider/webhook': 'public',
};

const { app } = await createTestApp();

type Principal = {
  name: string;
  role: Role | null;
  companyRole?: CompanyRole;
  token: string | null;
};
const owner = await createUser(app);
const principals: Principal[] = [
  { name: 'anonymous', role: null, token: null },
  { name: 'client A (owner)', role: 'client', companyRole: 'owner', token: owner.token },
  {
    name: 'client B (owner)',
    role: 'client',
    companyRole: 'owner',
    token: (await createUser(app)).token,
  },
  {
    name: 'client A’s member',
    role: 'client',
    companyRole: 'member',
    token: (await createTeammate(app, owner.user, 'member')).token,
  },
  {
    name: 'client A’s billing',
    role: 'client',
    companyRole: 'billing',
    token: (await createTeammate(app, owner.user, 'billing')).token,
  },
  {
    name: 'co-ordinator',
    role: 'co-ordinator',
    token: (await createUser(app, { role: 'co-ordinator' })).token,
  },
  { name: 'admin', role: 'admin', token: (await createUser(app, { role: 'admin' })).token },
  {
    name: 'super-admin',
    role: 'super-admin',
    token: (await createUser(app, { role: 'super-admin' })).token,
  },
];

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'no-such-id').replace(/\*$/, 'x');

/** 'allowed', 401 or 403: what the declared access and the permission table promise. */
function expectedAnswer(
  access: RouteAccess,
  role: Role | null,
  companyRole?: CompanyRole,
): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (role === null) return 401;
  if (access === 'authenticated') return 'allowed';
  const company = companyPermissionOf(access);
  if (company) return isStaffRole(role) || companyCan(companyRole, company) ? 'allowed' : 403;
  return can(role, access as Permission) ? 'allowed' : 403;
}

// The live notifications stream never ends: it is opened over a real socket and closed once its
// status line is in.
const STREAM = 'GET /api/notifications/stream';
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/**
 * The public catalogue and health answers that a cache may keep (they say so themselves); every
 * other API answer, whoever asks and however it ends, says no-store.
 */
const CACHEABLE = new Set([
  'GET /api/docs',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/config',
  'GET /api/services',
  'GET /api/pages',
  'GET /api/industries',
  'GET /api/navigation',
]);
const notNoStore: string[] = [];

async function statusOf(route: { method: string; url: string }, token: string | null) {
  if (key(route) === STREAM) {
    const abort = new AbortController();
    const res = await fetch(`${base}${route.url}`, {
      headers: token ? bearer(token) : {},
      signal: abort.signal,
    });
    abort.abort();
    return res.status;
  }
  const res = await app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    headers: token ? bearer(token) : {},
    payload: {},
  });
  const cacheControl = String(res.headers['cache-control'] ?? '');
  if (!CACHEABLE.has(key(route)) && !/\bno-store\b/.test(cacheControl)) {
    notNoStore.push(
      `${key(route)} answered ${res.statusCode} with cache-control '${cacheControl}'`,
    );
  }
  return res.statusCode;
}

describe('permission matrix', () => {
  it('has an expectation for every declared route, and every expectation names a route', () => {
    const declared = new Set(app.declaredRoutes.map(key));
    const missing = [...declared].filter((k) => !(k in EXPECTED));
    expect(
      missing.map((k) => `add an expectation for ${k}`),
      'routes without a line in EXPECTED',
    ).toEqual([]);
    const stale = Object.keys(EXPECTED).filter((k) => !declared.has(k));
    expect(
      stale.map((k) => `remove the expectation for ${k}: no such route`),
      'lines in EXPECTED without a route',
    ).toEqual([]);
  });

  it('every route declares the access its expectation says', () => {
    const changed = app.declaredRoutes
      .filter((r) => EXPECTED[key(r)] !== undefined && EXPECTED[key(r)] !== r.access)
      .map((r) => `${key(r)} declares ${r.access}, expected ${EXPECTED[key(r)]}`);
    expect(changed).toEqual([]);
  });

  // Signing out ends the principal's session: those routes go last.
  const routes = [...app.declaredRoutes].sort(
    (a, b) => Number(a.url === '/api/auth/logout') - Number(b.url === '/api/auth/logout'),
  );

  for (const principal of principals) {
    it(`answers ${principal.name} on every route as its access and role say`, async () => {
      const wrong: string[] = [];
      let allowedCount = 0;
      for (const route of routes) {
        const access = EXPECTED[key(route)] ?? route.access;
        const expected = expectedAnswer(access, principal.role, principal.companyRole);
        const status = await statusOf(route, principal.token);
        if (expected === 'allowed') {
          allowedCount++;
          // 503 is a sign-in provider without keys explaining itself; 500 would be a bug.
          if (status === 401 || status === 403 || status === 500) {
            wrong.push(`${key(route)} (${access}): got ${status}, expected neither 401 nor 403`);
          }
        } else if (status !== expected) {
          wrong.push(`${key(route)} (${access}): got ${status}, expected ${expected}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(allowedCount).toBeGreaterThan(0);
    });
  }

  it('no answer to any of those calls may be kept by a cache, but the public documentation', () => {
    expect([...new Set(notNoStore)]).toEqual([]);
  });
});
