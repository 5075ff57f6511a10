import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EMAIL_UNVERIFIED } from '@noise/shared/auth';
import { companyCan, type CompanyRole } from '@noise/shared/company';
import {
  callerCan,
  companyPermissionOf,
  isRouteAccess,
  permissions as allPermissions,
  rolePermissions,
  type Permission,
  type RouteAccess,
} from '@noise/shared/permissions';
import { isStaffRole, type Role } from '@noise/shared/roles';
import { hashApiKey, isApiKey } from '../lib/api-key-tokens.ts';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';
import { redactUrl } from '../lib/log-redaction.ts';
import type { TokenSigner } from '../lib/tokens.ts';

/** The API key a caller used (docs/product.md#api-keys): the audit log names it. */
export interface ApiKeyRef {
  id: string;
  name: string;
}

export interface AuthUser {
  id: string;
  role: Role;
  /** The sign-in's session; empty for an API key, which has none. */
  sessionId: string;
  /** A customer's company and their role in it (docs/product.md#client-companies); null for staff. */
  companyId: string | null;
  companyRole: CompanyRole | null;
  /**
   * Whether the person proved they read their email address (decision 088). Staff and API keys
   * count as proven: a super-admin vouched for them.
   */
  emailVerified: boolean;
  /** Where the request came from (request.ip): the audit log writes it beside what they did. */
  ip: string;
  /**
   * What the caller may do: their role's permissions, or an API key's own, cut to what its
   * creator's role has now. Checked with `callerCan`, never by the role.
   */
  permissions: readonly Permission[];
  /** The key of an integration calling for its creator; null for a signed-in person. */
  apiKey: ApiKeyRef | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route. Required on every /api route. */
    access?: RouteAccess;
    /** On a public route: resolve the caller when a token is sent. */
    optionalAuth?: boolean;
    /** A signed-in person only, never an API key: the routes that make and revoke keys. */
    sessionOnly?: boolean;
    /**
     * A customer must have proved their email address first (decision 088): what changes a team,
     * a sign-in or reaches other people. Staff pass.
     */
    provenEmail?: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/**
 * The questions this plugin asks of the session store (modules/auth/session-repository.ts,
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
        emailVerified: boolean;
        companyId: string | null;
        companyRole: CompanyRole | null;
      }
    | undefined
  >;
  /** Of these sessions, the live ones by id (open event streams check theirs in one go). */
  findActiveMany(
    sessionIds: readonly string[],
  ): Promise<Map<string, { userId: string; role: Role; tokenVersion: number }>>;
}

/** What the auth plugin asks of the API keys (modules/api-keys/repository.ts, passed in). */
export interface ActiveApiKeys {
  findByHash(keyHash: string): Promise<
    | {
        id: string;
        name: string;
        permissions: string[];
        expiresAt: Date | null;
        revokedAt: Date | null;
        lastUsedAt: Date | null;
        creatorId: string;
        creatorRole: Role;
      }
    | undefined
  >;
  touch(id: string, at: Date): Promise<void>;
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
    apiKeys: ActiveApiKeys;
    /** UPLOAD_RATE_LIMIT_PER_MINUTE: upload requests per user and route. */
    uploadsPerMinute?: number;
    /** API_KEY_RATE_LIMIT_PER_MINUTE: requests per API key, all routes together. */
    apiKeyPerMinute?: number;
  },
): DeclaredRoute[] {
  const declared: DeclaredRoute[] = [];
  app.decorateRequest('user', null);
  const limitApiKey = apiKeyRateLimit(app, deps.apiKeyPerMinute ?? 120);

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
  // Static files, the web app and public reads that read no token pass without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const config = request.routeOptions.config;
    const access = config?.access;
    if (!access || (access === 'public' && !config.optionalAuth)) return done();
    checkAccess(request, reply).then(() => done(), done);
  });

  async function checkAccess(request: FastifyRequest, reply: FastifyReply) {
    const config = request.routeOptions.config;
    const access = config.access!;
    const caller = await resolveCaller(request, deps);
    // A public page reads a person's token to tailor itself; an integration's key is nobody there.
    request.user = caller.user && !(access === 'public' && caller.user.apiKey) ? caller.user : null;
    if (access === 'public') return;
    if (!request.user) throw unauthorized(caller.refused);
    if (request.user.apiKey) {
      await limitApiKey(request, reply);
      checkApiKeyReach(request.user, access, config.sessionOnly === true);
    }
    if (config.provenEmail && !request.user.emailVerified) throw unprovenEmail();
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
    if (!callerCan(request.user, access as Permission)) throw forbidden();
  }

  // The security log: every refused API request, with who, from where, what and the answer.
  app.addHook('onResponse', (request, reply, done) => {
    logRefusal(request, reply);
    done();
  });

  function logRefusal(request: FastifyRequest, reply: FastifyReply) {
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
        ...(request.user?.apiKey ? { apiKeyId: request.user.apiKey.id } : {}),
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
  }

  return declared;
}

function unprovenEmail() {
  return new AppError(
    EMAIL_UNVERIFIED,
    403,
    'Confirm your email address first: open the link we emailed you, or send a new one from your dashboard.',
  );
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

/** The caller, or none; with why, when the credential was an API key that no longer works. */
async function resolveCaller(
  request: FastifyRequest,
  deps: { signer: TokenSigner; sessions: ActiveSessions; apiKeys: ActiveApiKeys },
): Promise<{ user: AuthUser | null; refused?: string }> {
  const header = request.headers.authorization;
  if (!header) return { user: null };
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) return { user: null };
  const credential = match[1]!;
  if (isApiKey(credential)) return resolveApiKey(request, credential, deps.apiKeys);
  const claims = await deps.signer.verify(credential);
  if (!claims) return { user: null };
  const session = await deps.sessions.findActive(claims.sid, claims.sub);
  if (!session || session.tokenVersion !== claims.ver) return { user: null };
  const customer = !isStaffRole(session.role);
  return {
    user: {
      id: session.userId,
      role: session.role,
      sessionId: claims.sid,
      companyId: customer ? session.companyId : null,
      companyRole: customer ? session.companyRole : null,
      emailVerified: !customer || session.emailVerified,
      ip: request.ip,
      permissions: rolePermissions[session.role],
      apiKey: null,
    },
  };
}

/**
 * An API key acts for its creator with the permissions it carries, and never more than the
 * creator's role has now: a member demoted loses, on their keys too, what they lost; a member
 * deleted takes their keys with them; one who is no longer staff has keys that open nothing
 * (docs/product.md#api-keys).
 */
async function resolveApiKey(
  request: FastifyRequest,
  credential: string,
  apiKeys: ActiveApiKeys,
): Promise<{ user: AuthUser | null; refused?: string }> {
  const key = await apiKeys.findByHash(hashApiKey(credential));
  if (!key) return { user: null, refused: 'This API key is not valid' };
  if (key.revokedAt) return { user: null, refused: 'This API key was revoked' };
  const now = new Date();
  if (key.expiresAt && key.expiresAt <= now) {
    return { user: null, refused: 'This API key has expired' };
  }
  if (!isStaffRole(key.creatorRole)) {
    return { user: null, refused: 'Whoever made this API key is no longer staff' };
  }
  const creatorHas = rolePermissions[key.creatorRole];
  await apiKeys.touch(key.id, now);
  return {
    user: {
      id: key.creatorId,
      role: key.creatorRole,
      sessionId: '',
      // Staff: a key is never a customer, so it belongs to no client company.
      companyId: null,
      companyRole: null,
      emailVerified: true,
      ip: request.ip,
      permissions: allPermissions.filter(
        (p) => key.permissions.includes(p) && creatorHas.includes(p),
      ),
      apiKey: { id: key.id, name: key.name },
    },
  };
}

/**
 * Where a key may go: the staff routes its permissions allow, and a customer's records (the
 * `client:…` routes, which staff pass as staff) only as staff who manage sales. Never a person's
 * own account (the `authenticated` routes: profile, password, two-factor, card, notifications),
 * nor the routes that make keys.
 */
function checkApiKeyReach(caller: AuthUser, access: RouteAccess, sessionOnly: boolean) {
  if (sessionOnly) throw forbidden('An API key cannot make or revoke API keys: sign in to do that');
  if (access === 'authenticated') {
    throw forbidden("An API key reaches staff routes only, never a person's own account");
  }
  if (companyPermissionOf(access) && !callerCan(caller, 'sales:manage')) {
    throw forbidden("An API key reaches customers' orders only with the sales:manage permission");
  }
}

/**
 * Every API key has its own limit, all routes together (API_KEY_RATE_LIMIT_PER_MINUTE), counted
 * in the shared store. It is checked apart from the routes' own limits (which still apply), and
 * answered with the usual headers, so an integration can pace itself.
 */
function apiKeyRateLimit(app: FastifyInstance, perMinute: number) {
  // Made on first use: @fastify/rate-limit is registered by then (app.ts registers it first).
  let check: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    check ??= app.createRateLimit({
      max: perMinute,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => `api-key:${req.user?.apiKey?.id ?? ''}`,
    });
    const limit = await check(request);
    if (limit.isAllowed) return;
    reply.header('x-ratelimit-limit', limit.max);
    reply.header('x-ratelimit-remaining', limit.remaining);
    reply.header('x-ratelimit-reset', limit.ttlInSeconds);
    if (!limit.isExceeded) return;
    reply.header('retry-after', limit.ttlInSeconds);
    throw new AppError(
      'too_many_requests',
      429,
      `This API key made too many requests. Please wait ${limit.ttlInSeconds} seconds and try again.`,
    );
  };
}

/** The signed-in caller; for handlers of non-public routes, where the plugin guarantees one. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
