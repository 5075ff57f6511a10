import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useSiteConfig } from '@/lib/site-config';
import { peekAuthDestination } from '@/lib/auth-modals';

type Provider = 'google' | 'apple' | 'facebook';

/** Where each sign-in starts: docs/product.md#api-calls names /auth/facebook, no /api prefix. */
const START_URL: Record<Provider, string> = {
  google: '/api/auth/google',
  facebook: '/auth/facebook',
  apple: '/api/auth/apple',
};

/** OAuth sign-in starts with a browser navigation to the server, which redirects onwards. */
/**
 * Where a provider's sign-in comes back to after /auth-success: the page the sign-in modal was
 * opened for (a quote, a project, an invitation), kept in this tab across the provider's pages.
 */
export const PROVIDER_RETURN_KEY = 'noise:after-provider-sign-in';

function startOAuth(provider: Provider) {
  const next = peekAuthDestination()?.to;
  try {
    if (next?.startsWith('/')) window.sessionStorage.setItem(PROVIDER_RETURN_KEY, next);
    else window.sessionStorage.removeItem(PROVIDER_RETURN_KEY);
  } catch {
    // Storage refused (private mode): the sign-in still works and ends on the dashboard.
  }
  window.location.assign(START_URL[provider]);
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.5 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
      />
    </svg>
  );
}

function AppleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M16.4 12.6c0-2.4 2-3.5 2.1-3.6a4.5 4.5 0 0 0-3.5-1.9c-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8a4.7 4.7 0 0 0-4 2.4c-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4a10 10 0 0 0 1.3-2.8 4.3 4.3 0 0 1-2.6-4zM14 5.5a4.3 4.3 0 0 0 1-3.1 4.4 4.4 0 0 0-2.9 1.5 4.1 4.1 0 0 0-1 3 3.6 3.6 0 0 0 2.9-1.4z" />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="#1877F2" />
      <path
        fill="#fff"
        d="M13.4 20.9v-6.7h2.3l.3-2.7h-2.6V9.8c0-.8.2-1.3 1.3-1.3h1.4V6.1a19 19 0 0 0-2-.1c-2 0-3.4 1.2-3.4 3.5v2H8.4v2.7h2.3v6.7z"
      />
    </svg>
  );
}

function Choice({
  icon,
  children,
  onClick,
}: {
  icon: ReactNode;
  children: ReactNode;
  onClick: () => void;
}) {
  return (
    <Button variant="outline" size="block" onClick={onClick}>
      <span className="grid size-6 shrink-0 place-items-center [&_svg]:!size-5">{icon}</span>
      <span className="min-w-0 flex-1 text-center leading-tight whitespace-normal">{children}</span>
      {/* As wide as the icon, so the label sits in the middle of the button; a phone needs the
          room for the label more. */}
      <span aria-hidden="true" className="size-6 shrink-0 max-sm:hidden" />
    </Button>
  );
}

/**
 * Google, email, Apple and Facebook, in the order of docs/product.md#sign-up-modal. Only providers
 * the server has keys for are offered: a button that can only fail is worse than none. Until the
 * configuration arrives (the header has usually loaded it already) only email is offered.
 */
export function SignInChoices({
  emailLabel,
  onEmail,
}: {
  emailLabel: string;
  onEmail: () => void;
}) {
  const available = useSiteConfig().data?.oauthProviders;
  const offered = (provider: Provider) => available?.[provider] === true;
  return (
    <div className="flex flex-col gap-3">
      {offered('google') ? (
        <Choice icon={<GoogleMark />} onClick={() => startOAuth('google')}>
          Continue with Google
        </Choice>
      ) : null}
      <Choice icon={<Mail aria-hidden="true" />} onClick={onEmail}>
        {emailLabel}
      </Choice>
      {offered('apple') ? (
        <Choice icon={<AppleMark />} onClick={() => startOAuth('apple')}>
          Continue with Apple
        </Choice>
      ) : null}
      {offered('facebook') ? (
        <Choice icon={<FacebookMark />} onClick={() => startOAuth('facebook')}>
          Continue with Facebook
        </Choice>
      ) : null}
    </div>
  );
}
