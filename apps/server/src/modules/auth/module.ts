import type { AppModule } from '../../app-module.ts';
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
    auditActions: ['auth.staff_sign_in_refused', 'auth.staff_signed_in', 'auth.two_factor_disabled', 'auth.two_factor_enabled', 'auth.two_factor_required', 'auth.two_factor_reset', 'user.email_verified'],
  },
  repositories,
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
