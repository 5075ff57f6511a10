import type { AppModule } from '../../app-module.ts';
import { createSecretBox } from '../../lib/secrets.ts';
import { createTokenSigner } from '../../lib/tokens.ts';
import { proveMailbox } from './prove-mailbox.ts';
import { issueToken } from './sign-in.ts';
import { createTwoFactor } from './two-factor.ts';
import { createEmailVerificationRepository } from './email-verification-repository.ts';
import { createPasswordResetRepository } from './password-reset-repository.ts';
import { registerAuthRoutes } from './routes.ts';
import { createSessionRepository } from './session-repository.ts';
import { createTwoFactorRepository } from './two-factor-repository.ts';
import { authEmails } from './emails.ts';

const repositories = {
  emailVerifications: createEmailVerificationRepository,
  passwordResets: createPasswordResetRepository,
  sessions: createSessionRepository,
  twoFactor: createTwoFactorRepository,
};

/** Sign-up, sign-in (with its second step), passwords and email confirmation. */
export const authModule: AppModule<typeof repositories> = {
  name: 'auth',
  emails: authEmails,
  sends: {
    notifications: ['new-customer'],
    auditActions: [
      'auth.staff_sign_in_refused',
      'auth.staff_signed_in',
      'auth.two_factor_disabled',
      'auth.two_factor_enabled',
      'auth.two_factor_required',
      'auth.two_factor_reset',
      'user.email_verified',
    ],
  },
  repositories,
  provides(app, { repos, config, rateCounters, mailer }) {
    const twoFactor = createTwoFactor({
      repo: repos.twoFactor,
      box: createSecretBox(config.tokenSecret, 'two-factor secret'),
      counters: rateCounters,
      windowMs: config.signInAccountLimit.windowMs,
      // Read when a person sets it up: a saved business name is the one their app shows.
      get issuer() {
        return config.companyName;
      },
    });
    const auth = {
      config,
      users: repos.users,
      sessions: repos.sessions,
      signer: createTokenSigner(config.tokenSecret),
      twoFactor,
      audit: repos.audit,
      authRateLimit: config.authRateLimitPerMinute,
      rateCounters,
      reset: { repos, config, mailer, log: app.log },
      companies: repos.companies,
    };
    return {
      auth,
      accounts: {
        signIn: (user) => issueToken(auth, user),
        proveMailbox: (userId, proof) => proveMailbox({ repos, config }, userId, proof),
      },
    };
  },
  routes(app, ctx) {
    registerAuthRoutes(app, ctx.auth);
  },
  started(app, { repos }) {
    // Expired sessions are useless rows: swept hourly (any process may; the delete is idempotent).
    const sweep = setInterval(() => {
      repos.sessions
        .deleteExpired()
        .catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
    }, 3600_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
};
