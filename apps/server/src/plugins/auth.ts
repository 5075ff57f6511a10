import type { FastifyInstance, FastifyRequest } from 'fastify';
import { companyCan, type CompanyRole } from '@noise/shared/company';
import {
  can,
  companyPermissionOf,
  isRouteAccess,
  type Permission,
  type RouteAccess,
} from '@noise/shared/permissions';
import { isStaffRole, type Role } from '@noise/shared/roles';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { redactUrl } from '../lib/log-redaction.ts';
import type { TokenSigner } from '../lib/tokens.ts';

export interface AuthUser {
  id: string;
  role: Role;
  sessionId: string;
  /** A customer's company and their role in it (docs/product.md#client-companies); null for staff. */
  companyId: string | null;
  companyRole: CompanyRole | null;
  /** Where the request came from (request.ip): the audit log writes it beside what they did. */
  ip: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route. Required on every /api route. */
    access?: RouteAccess;
    /** On a public route: resolve the caller when a token is sent. */
    optionalAuth?: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/**
 * The one question this plugin asks of the session store (modules/auth/session-repository.ts,
 * passed in by app.ts): is this session live, and whose is it now.
 */
export interface ActiveSessions {
  findActive(
    sessionId: string,
    userId: string,
  ): Promise<
    | {
        userId: string;
        role: Role;
        tokenVersion: number;
        companyId: string | null;
        companyRole: CompanyRole | null;
      }
    | undefined
  >;
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** A multipart (upload) route: rate limited per user. */
  upload: boolean;
  /** The file that registered it, under src/ (docs/routes.md); unknown in the bundled server. */
  source: string | undefined;
}

/** The first file of `stack` under src/modules or src/plugins other than this one. */
function registeringFile(stack: string | undefined): string | undefined {
  for (const match of (stack ?? '').matchAll(/src\/((?:modules|plugins)\/[\w./-]+\.ts)/g)) {
    if (match[1] !== 'plugins/auth.ts') return match[1];
  }
  return undefined;
}

/**
 * Deny by default: every /api route declares who may call it, and this plugin enforces it. A
 * route registered without a declaration stops the server from starting.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: {
    signer: TokenSigner;
    sessions: ActiveSessions;
    /** UPLOAD_RATE_LIMIT_PER_MINUTE: upload requests per user and route. */
    uploadsPerMinute?: number;
  },
): DeclaredRoute[] {
  const declared: DeclaredRoute[] = [];
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // The OpenAPI docs plugin registers its own routes: they are public documentation.
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
    const access = route.config?.access;
    if (!isRouteAccess(access)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no access (config.access); every API route must.`,
      );
    }
    // Uploads (multipart forms) are limited per signed-in user and route, unless the route
    // declares its own limit. Route-level onRequest runs after this plugin's own hook, so the
    // caller is known by then.
    const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
    const upload = consumes.includes('multipart/form-data');
    if (upload && route.config?.rateLimit === undefined) {
      const limit = app.rateLimit(uploadRateLimit(deps.uploadsPerMinute ?? 30));
      route.onRequest = [route.onRequest ?? []].flat().concat(limit);
    }
    const source = registeringFile(new Error().stack);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      declared.push({ method, url: route.url, access, upload, source });
    }
  });

  // onRequest, before body parsing and validation: a caller without access learns nothing else.
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const access = config?.access;
    if (!access) return; // non-API routes: static files and the web app
    if (access === 'public' && !config.optionalAuth) return;
    request.user = await resolveUser(request, deps);
    if (access === 'public') return;
    if (!request.user) throw unauthorized();
    if (access === 'authenticated') return;
    const company = companyPermissionOf(access);
    if (company) {
      // Staff pass, and the handler scopes what they see; a customer needs the company role.
      if (isStaffRole(request.user.role)) return;
      if (companyCan(request.user.companyRole, company)) return;
      throw forbidden(
        'Your role in your company does not allow this. Ask one of its owners if you need it.',
      );
    }
    if (!can(request.user.role, access as Permission)) throw forbidden();
  });

  // The security log: every refused API request, with who, from where, what and the answer.
  app.addHook('onResponse', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const status = reply.statusCode;
    const refused =
      status === 401 ||
      status === 403 ||
      status === 429 ||
      // Someone else's record answers 404 (ownership), exactly like a missing one: log both.
      (status === 404 &&
        request.user !== null &&
        (companyPermissionOf(access) !== null || access === 'authenticated'));
    if (!refused) return;
    request.log[status === 401 || status === 404 ? 'info' : 'warn'](
      {
        event: 'access_refused',
        userId: request.user?.id ?? 'anonymous',
        role: request.user?.role ?? null,
        ip: request.ip,
        method: request.method,
        route: request.routeOptions.url,
        url: redactUrl(request.url),
        statusCode: status,
        // On a 401: whether a token came and was refused (forged, expired, ended) or none came.
        ...(status === 401 && !request.user
          ? { credentials: request.headers.authorization ? 'rejected' : 'none' }
          : {}),
      },
      'request refused',
    );
  });

  return declared;
}

/** The rate limit of upload routes: per signed-in user (the address when there is none). */
function uploadRateLimit(perMinute: number) {
  return {
    max: perMinute,
    timeWindow: '1 minute',
    // Per route: the limits of all upload routes share one store.
    keyGenerator: (request: FastifyRequest) =>
      `${request.method} ${request.routeOptions.url}:` +
      (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
  };
}

async function resolveUser(
  request: FastifyRequest,
  deps: { signer: TokenSigner; sessions: ActiveSessions },
): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) return null;
  const claims = await deps.signer.verify(match[1]!);
  if (!claims) return null;
  const session = await deps.sessions.findActive(claims.sid, claims.sub);
  if (!session || session.tokenVersion !== claims.ver) return null;
  const customer = !isStaffRole(session.role);
  return {
    id: session.userId,
    role: session.role,
    sessionId: claims.sid,
    companyId: customer ? session.companyId : null,
    companyRole: customer ? session.companyRole : null,
    ip: request.ip,
  };
}

/** The signed-in caller; for handlers of non-public routes, where the plugin guarantees one. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
