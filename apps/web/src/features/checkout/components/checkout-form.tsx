import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Lock } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode, useEffectEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { displayNameOf, fullNameOf } from '@noise/shared/display-name';
import {
  ASSIGN_COORDINATOR,
  ASSIGN_COORDINATOR_LABEL,
  newIdempotencyKey,
  type HandlePaymentRequest,
  type HandlePaymentResponse,
} from '@noise/shared/payments';
import { Button } from '@/components/ui/button';
import { Form, FormField } from '@/components/ui/form';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, toastApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { currentUserKey } from '@/lib/current-user';
import { useSiteConfig } from '@/lib/site-config';
import { cn } from '@/lib/utils';
import { useCoordinators } from '../api/get-coordinators';
import { usePaymentConfig } from '@/lib/payment-config';
import { confirmGuestPayment, guestCheckout } from '../api/guest-checkout';
import {
  authenticateSandboxPayment,
  confirmPayment,
  handlePayment,
  updatePaymentInfo,
  type PaymentSucceeded,
} from '../api/pay';
import { CardEntry, type CardHandle } from '@/components/payments/card-entry';
import { ThreeDSecureDialog } from './three-d-secure-dialog';
import { detailsDefaults, detailsSchema, type DetailsForm, type Payer } from './details-form';
import {
  initialPaymentFlowState,
  nextPaymentStep,
  paymentView,
  type Attempt,
  type GuestAccount,
  type PaymentEffect,
  type PaymentEvent,
} from './payment-steps';
import { YourDetails } from './your-details';

export interface CheckoutInput {
  userId: string;
  coordinatorId: string;
  customer: { name: string; email: string };
  companyName: string;
  contactNumber: string;
  paymentMethodId: string;
  idempotencyKey: string;
}

interface CheckoutFormProps {
  /** A signed-in user, or a guest (service orders only: docs/decisions/013). */
  payer: Payer;
  /** The handle-payment body for what is being bought. */
  buildRequest: (input: CheckoutInput) => HandlePaymentRequest;
  /** The amount charged, as shown ('$1,100.00'), for the 3-D Secure check. */
  amountLabel: string;
  /** The right-hand side: what is bought and what it costs. */
  summary: ReactNode;
  /** Set when nothing may be paid (a quote paid already); the reason is shown by the summary. */
  closed?: boolean;
  /**
   * Only the card: the balance of a quote, whose project has its co-ordinator and details
   * already (docs/decisions/070-quote-deposits.md).
   */
  cardOnly?: boolean;
  /** Told when a payment is refused or fails: the page may read again what it showed. */
  onFailure?: () => void;
}

/**
 * The left side of /payment and /custom-quote/{id} (docs/product.md#your-details) and the payment,
 * whose steps (payment-steps.ts) decide what happens next; this component runs the calls.
 */
export function CheckoutForm({
  payer,
  buildRequest,
  amountLabel,
  summary,
  closed,
  cardOnly,
  onFailure,
}: CheckoutFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { login } = useAuth();
  const companyName = useSiteConfig().data?.companyName ?? 'our';
  const coordinators = useCoordinators();
  const paymentConfig = usePaymentConfig();
  const [card, setCard] = useState<CardHandle | null>(null);
  const [payment, setPayment] = useState(initialPaymentFlowState);
  // The latest state, for events that arrive between renders (a second click, a late answer).
  const latest = useRef(initialPaymentFlowState);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const { processing, failure, challengeOpen, answering } = paymentView(payment);

  // The page remounts the form when the payer changes (a guest signs in), so these stay put.
  const [options] = useState(() => ({
    resolver: zodResolver(detailsSchema(payer)),
    defaultValues: {
      ...detailsDefaults(payer),
      ...(cardOnly ? { coordinatorId: ASSIGN_COORDINATOR } : {}),
    },
  }));
  const form = useForm<DetailsForm>(options);

  // Called once per failure shown, whatever function the page passes at each render.
  const failed = useEffectEvent(() => onFailure?.());
  useEffect(() => {
    if (!failure) return;
    failureRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    failed();
  }, [failure]);

  function dispatch(event: PaymentEvent) {
    const { state, effect } = nextPaymentStep(latest.current, event);
    if (state === latest.current) return;
    latest.current = state;
    setPayment(state);
    if (effect) void run(effect);
  }

  async function run(effect: PaymentEffect) {
    try {
      switch (effect.type) {
        case 'create-payment-method':
          return await makeRequest(effect.card, effect.values);
        case 'send':
          return await send(effect.attempt);
        case 'check-with-bank':
          return dispatch({
            type: 'bank-checked',
            error: (await effect.handleNextAction(effect.clientSecret)).error,
          });
        case 'authenticate':
          await authenticateSandboxPayment(effect.clientSecret, effect.outcome);
          return dispatch({ type: 'authenticated' });
        case 'confirm':
          return dispatch({
            type: 'answered',
            ...(await confirm(effect.paymentIntentId, effect.guest)),
          });
        case 'finish':
          return await finish(effect.result, effect.guest);
      }
    } catch (error) {
      dispatch({ type: 'request-failed', error });
    }
  }

  async function makeRequest(handle: CardHandle, values: DetailsForm) {
    const method = await handle.createPaymentMethod();
    if ('error' in method) {
      dispatch({ type: 'card-refused', message: method.error });
      return;
    }
    const name = fullNameOf(values) || values.email;
    const request = buildRequest({
      userId: payer.kind === 'user' ? payer.user._id : '',
      coordinatorId: values.coordinatorId,
      customer: { name, email: values.email },
      companyName: values.companyName.trim(),
      contactNumber: values.contactNumber.trim(),
      paymentMethodId: method.paymentMethodId,
      idempotencyKey: newIdempotencyKey(),
    });
    dispatch({ type: 'payment-method-made', request });
  }

  async function send({ request, values }: Attempt) {
    if (payer.kind === 'user') {
      dispatch({ type: 'answered', result: await handlePayment(request) });
      return;
    }
    // Guests order services, and pay proposals sent to an email alone (docs/product.md#proposal-page).
    const guest = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phoneNumber: values.contactNumber,
    };
    const answer = await guestCheckout({ ...request, guest });
    dispatch({
      type: 'answered',
      result: answer.payment,
      guest: {
        account: answer.account,
        token: answer.token,
        email: values.email,
        passwordEmailed: answer.payment.success,
      },
    });
  }

  /**
   * After 3-D Secure: the session's confirm, or a guest's (docs/decisions/013), which answers
   * the token of an account the checkout made now that the order is paid.
   */
  async function confirm(
    paymentIntentId: string,
    guest: GuestAccount | null,
  ): Promise<{ result: HandlePaymentResponse; guest?: GuestAccount }> {
    if (payer.kind === 'user') return { result: await confirmPayment(paymentIntentId) };
    const answer = await confirmGuestPayment(paymentIntentId);
    if (!guest) return { result: answer.payment };
    return {
      result: answer.payment,
      guest: { ...guest, token: answer.token, passwordEmailed: answer.token !== null },
    };
  }

  async function finish(result: PaymentSucceeded, guest: GuestAccount | null) {
    if (payer.kind === 'guest') {
      // The server saved the card with the order; update-payment-info needs a session.
      if (guest?.account === 'created' && guest.token) {
        login(guest.token);
        navigate('/payment-success', {
          replace: true,
          state: { projectId: result.projectId, passwordEmailed: guest.passwordEmailed },
        });
      } else {
        navigate('/payment-success', { replace: true, state: { guestExisting: guest?.email } });
      }
      return;
    }
    const { user } = payer;
    try {
      await updatePaymentInfo({
        userId: user._id,
        paymentCustomerId: result.paymentCustomerId,
        defaultPaymentMethodId: result.defaultPaymentMethodId,
      });
    } catch (error) {
      // The payment went through; the saved card is a convenience the profile page can fix.
      toastApiError(error, 'Your payment went through, but we could not save your card');
    }
    void queryClient.invalidateQueries({ queryKey: ['projects'] });
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
    navigate('/payment-success', { replace: true, state: { projectId: result.projectId } });
  }

  // The payment's steps, not the submit, say when it is done and why it failed (below the summary).
  function onSubmit(values: DetailsForm) {
    if (closed || !card) return;
    dispatch({ type: 'submit', values, card });
  }

  // A first-time buyer has had no coordinator: they may leave the choice to us, and the
  // server assigns the least busy one (or staff do, when the shop has none yet).
  const coordinatorOptions = [
    ...(coordinators.data ?? []).map((c) => ({
      value: c._id,
      label: displayNameOf(c.profile),
    })),
    { value: ASSIGN_COORDINATOR, label: ASSIGN_COORDINATOR_LABEL },
  ];
  const payDisabled = processing || closed || !card;
  const summaryId = useId();
  const payHidden = Boolean(closed) && !failure;
  const [summaryOpen, setSummaryOpen] = useState(false);

  return (
    <>
      {/* On a phone the summary comes first, folded to its total, and the pay button after the
          card; on a wide screen both sit in the right-hand column, kept in view together. */}
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[1.25fr_1fr] lg:gap-12">
        <Form
          form={form}
          id="checkout-form"
          onSubmit={onSubmit}
          aria-busy={processing}
          className="lg:col-start-1 lg:row-start-1"
        >
          <fieldset disabled={processing || closed} className="flex min-w-0 flex-col gap-8">
            <section
              hidden={cardOnly}
              aria-labelledby="checkout-coordinator"
              className="rounded-card border-2 border-ink bg-paper p-6 sm:p-8"
            >
              <h2 id="checkout-coordinator" className="text-2xl font-extrabold">
                Your coordinator
              </h2>
              <div className="mt-5">
                <FormField
                  control={form.control}
                  name="coordinatorId"
                  render={(field) => (
                    <Select
                      label={`Who was your ${companyName} coordinator?`}
                      placeholder="Select a coordinator"
                      required
                      options={coordinatorOptions}
                      hint="New to us? Choose 'Not sure' and we will assign one."
                      {...field}
                      error={
                        field.error ??
                        (coordinators.isError ? errorMessage(coordinators.error) : undefined)
                      }
                    />
                  )}
                />
              </div>
            </section>

            {cardOnly ? null : <YourDetails payer={payer} control={form.control} />}

            <section
              aria-labelledby="checkout-card"
              className="rounded-card border-2 border-ink bg-paper p-6 sm:p-8"
            >
              <h2 id="checkout-card" className="flex items-center gap-2 text-2xl font-extrabold">
                Payment
                <Lock aria-hidden="true" className="size-5 text-muted" />
              </h2>
              <div className="mt-5">
                {paymentConfig.data ? (
                  <CardEntry config={paymentConfig.data} disabled={processing} onChange={setCard} />
                ) : paymentConfig.isError ? (
                  <p role="alert" className="text-danger">
                    The card form could not load: {errorMessage(paymentConfig.error)}
                  </p>
                ) : (
                  <Spinner label="Loading the card form" />
                )}
              </div>
            </section>
          </fieldset>
        </Form>

        <div className="contents lg:sticky lg:top-28 lg:col-start-2 lg:row-start-1 lg:block lg:self-start">
          <aside
            aria-label="Order summary"
            className={cn(
              'order-first rounded-card bg-ink p-6 text-paper sm:p-8 lg:order-none',
              !payHidden && 'lg:rounded-b-none lg:pb-0',
            )}
          >
            <button
              type="button"
              aria-expanded={summaryOpen}
              aria-controls={summaryId}
              onClick={() => setSummaryOpen((open) => !open)}
              className="flex w-full cursor-pointer items-center justify-between gap-4 text-left font-semibold lg:hidden"
            >
              <span className="flex min-w-0 items-center gap-1.5 text-sm">
                {summaryOpen ? 'Hide order summary' : 'Show order summary'}
                <ChevronDown
                  aria-hidden="true"
                  className={cn('size-4 transition-transform', summaryOpen && 'rotate-180')}
                />
              </span>
              <span className="shrink-0 text-lg font-extrabold tabular-nums">{amountLabel}</span>
            </button>
            <div id={summaryId} className={cn('lg:block', summaryOpen ? 'mt-6 lg:mt-0' : 'hidden')}>
              {summary}
            </div>
          </aside>
          <div
            hidden={payHidden}
            className="order-last rounded-card bg-ink p-6 text-paper sm:p-8 lg:rounded-t-none lg:pt-6"
          >
            {failure ? (
              <p
                ref={failureRef}
                role="alert"
                className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger"
              >
                {failure}
              </p>
            ) : null}
            {closed ? null : (
              <Button
                type="submit"
                form="checkout-form"
                size="lg"
                className={cn('w-full', failure && 'mt-6')}
                disabled={payDisabled}
              >
                {processing ? 'Processing...' : 'Confirm & Pay'}
              </Button>
            )}
          </div>
        </div>
      </div>

      {processing ? (
        <div className="fixed inset-0 z-40 grid place-items-center bg-paper/75">
          <Spinner label="Processing your payment" className="[&>span:first-child]:size-14" />
        </div>
      ) : null}
      <ThreeDSecureDialog
        open={challengeOpen}
        amount={amountLabel}
        busy={answering}
        onAnswer={(outcome) => dispatch({ type: 'challenge-answered', outcome })}
      />
    </>
  );
}
