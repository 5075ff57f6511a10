import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactLinkOf, logoPathOf } from '@noise/shared/business-details';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';

export const publicConfigResponse = z.object({
  companyName: z.string(),
  contactUrl: z.string(),
  /** The business's ABN as the register prints it; '' when none is set. */
  abn: z.string(),
  /** Where the Privacy Policy and Terms of Service live when not on the site's own pages (''). */
  privacyUrl: z.string(),
  termsUrl: z.string(),
  /** The shop's uploaded logo on this site, '' with none (the site then shows its own mark). */
  logoUrl: z.string(),
  publicUrl: z.string(),
  /** Reports and date filters count days in this zone. */
  businessTimeZone: z.string(),
  externalLinks: z.object({
    studioHire: z.string().optional(),
    events: z.string().optional(),
    displayScreens: z.string().optional(),
  }),
  /** Which sign-in providers have keys; the web app shows the others as not available. */
  oauthProviders: z.object({ google: z.boolean(), facebook: z.boolean(), apple: z.boolean() }),
});

export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { database: Database; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Outside /api on purpose: load balancers probe these.
  r.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async () => ({ status: 'ok' }));

  r.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    try {
      await deps.database.ping();
      return { status: 'ok', database: deps.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: deps.database.kind });
    }
  });

  /** What the browser may know of the configuration, and nothing more. */
  r.get(
    '/api/config',
    {
      config: { access: 'public' },
      schema: {
        summary: "The site's public settings (company, time zone, sign-in providers)",
        tags: ['config'],
        response: { 200: publicConfigResponse },
      },
    },
    async (_request, reply) => {
      // Short: a saved business name or contact page reaches browsers within a minute.
      reply.header('cache-control', 'public, max-age=60');
      return {
        companyName: deps.config.companyName,
        contactUrl: contactLinkOf(deps.config.business),
        abn: deps.config.business.abn,
        privacyUrl: deps.config.business.privacyUrl,
        termsUrl: deps.config.business.termsUrl,
        logoUrl: logoPathOf(deps.config.businessLogo),
        publicUrl: deps.config.publicUrl,
        businessTimeZone: deps.config.businessTimeZone,
        externalLinks: deps.config.externalLinks,
        oauthProviders: {
          google: Boolean(deps.config.oauth.google),
          facebook: Boolean(deps.config.oauth.facebook),
          apple: Boolean(deps.config.oauth.apple),
        },
      };
    },
  );
}
