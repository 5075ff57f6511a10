/**
 * The few parts of Stripe.js the checkout uses, typed by hand so that no Stripe package enters the
 * bundle. The script itself must come from js.stripe.com (Stripe's terms; PCI scope).
 */
export interface StripeCardChangeEvent {
  complete: boolean;
  error?: { message: string };
}

export interface StripeCardElement {
  mount: (element: HTMLElement) => void;
  destroy: () => void;
  update: (options: { disabled?: boolean }) => void;
  on: (event: 'change', handler: (event: StripeCardChangeEvent) => void) => void;
}

export interface StripeClient {
  elements: () => {
    create: (
      type: 'card',
      options: { hidePostalCode: boolean; style: { base: { fontSize: string } } },
    ) => StripeCardElement;
  };
  createPaymentMethod: (options: {
    type: 'card';
    card: StripeCardElement;
  }) => Promise<{ paymentMethod?: { id: string }; error?: { message: string } }>;
  handleNextAction: (options: { clientSecret: string }) => Promise<{ error?: { message: string } }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeClient;
  }
}

const STRIPE_JS_URL = 'https://js.stripe.com/v3/';
let loading: Promise<NonNullable<Window['Stripe']>> | null = null;

function loadScript(): Promise<NonNullable<Window['Stripe']>> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

export async function loadStripe(publishableKey: string): Promise<StripeClient> {
  const factory = await loadScript();
  return factory(publishableKey);
}
