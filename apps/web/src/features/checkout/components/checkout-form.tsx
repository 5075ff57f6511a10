import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  newIdempotencyKey,
  type HandlePaymentRequest,
  type HandlePaymentResponse,
} from '@noise/shared/payments';
import { AU_PHONE_MESSAGE, isValidAustralianPhone } from '@noise/shared/phone';
import type { User } from '@noise/shared/user';
import { Button } from '@/components/ui/button';
import { REQUIRED_MESSAGE } from '@/components/ui/field';
import { TextInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isApiError, toastApiError } from '@/lib/api-client';
import { useSiteConfig } from '@/lib/site-config';
import { useCoordinators } from '../api/get-coordinators';
import { usePaymentConfig } from '../api/get-payment-config';
import {
  authenticateSandboxPayment,
  confirmPayment,
  handlePayment,
  updatePaymentInfo,
  type PaymentSucceeded,
} from '../api/pay';
import { CardEntry, type CardHandle } from '@/components/payments/card-entry';
import { ThreeDSecureDialog } from './three-d-secure-dialog';

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
  user: User;
  /** The handle-payment body for what is being bought. */
  buildRequest: (input: CheckoutInput) => HandlePaymentRequest;
  /** The amount charged, as shown ('$1,100.00'), for the 3-D Secure check. */
  amountLabel: string;
  /** The right-hand side: what is bought and what it costs. */
  summary: ReactNode;
  /** Set when nothing may be paid (a quote paid already); the reason is shown by the summary. */
  closed?: boolean;
}

interface Attempt {
  signature: string;
  card: CardHandle;
  body: HandlePaymentRequest;
}

function detailsSchema(needsCompany: boolean, needsContact: boolean) {
  return z.object({
    coordinatorId: z.string().min(1, 'Please choose your coordinator'),
    companyName: needsCompany ? z.string().trim().min(1, REQUIRED_MESSAGE) : z.string(),
    contactNumber: needsContact
      ? z.string().trim().min(1, REQUIRED_MESSAGE).refine(isValidAustralianPhone, AU_PHONE_MESSAGE)
      : z.string(),
  });
}
type DetailsForm = z.infer<ReturnType<typeof detailsSchema>>;

/**
 * The left side of /payment and /custom-quote/{id} (SPEC.md section 2) and the payment itself:
 * one idempotency key per attempt, kept for retries and double clicks, new after a decline
 * (docs/decisions/010).
 */
export function CheckoutForm({
  user,
  buildRequest,
  amountLabel,
  summary,
  closed,
}: CheckoutFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const companyName = useSiteConfig().data?.companyName ?? 'our';
  const coordinators = useCoordinators();
  const paymentConfig = usePaymentConfig();
  const [card, setCard] = useState<CardHandle | null>(null);
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState('');
  const [challenge, setChallenge] = useState<{
    clientSecret: string;
    paymentIntentId: string;
  } | null>(null);
  const [answering, setAnswering] = useState(false);
  const attempt = useRef<Attempt | null>(null);
  const busy = useRef(false);
  const failureRef = useRef<HTMLParagraphElement>(null);

  const { profile } = user;
  const needsCompany = !profile.companyName.trim();
  const needsContact = !profile.contactNumber.trim();
  const schema = useMemo(
    () => detailsSchema(needsCompany, needsContact),
    [needsCompany, needsContact],
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DetailsForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      coordinatorId: '',
      companyName: profile.companyName,
      contactNumber: profile.contactNumber,
    },
  });

  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [failure]);

  async function finish(result: PaymentSucceeded) {
    try {
      await updatePaymentInfo({
        userId: user._id,
        stripeCustomerId: result.stripeCustomerId,
        defaultPaymentMethodId: result.defaultPaymentMethodId,
      });
    } catch (error) {
      // The payment went through; the saved card is a convenience the profile page can fix.
      toastApiError(error, 'Your payment went through, but we could not save your card');
    }
    attempt.current = null;
    void queryClient.invalidateQueries({ queryKey: ['projects'] });
    void queryClient.invalidateQueries({ queryKey: ['auth', 'user'] });
    navigate('/payment-success', { replace: true, state: { projectId: result.projectId } });
  }

  async function settle(run: () => Promise<HandlePaymentResponse>) {
    try {
      const result = await run();
      if (result.success) {
        await finish(result);
        return;
      }
      if (card?.handleNextAction) {
        const next = await card.handleNextAction(result.clientSecret);
        if (next.error) {
          attempt.current = null;
          setFailure(next.error);
          setProcessing(false);
          return;
        }
        await settle(() => confirmPayment(result.paymentIntentId));
        return;
      }
      setChallenge({ clientSecret: result.clientSecret, paymentIntentId: result.paymentIntentId });
    } catch (error) {
      // A decline (402) or a refused order (400) settled this attempt: the next try is a new one.
      // Anything else (network, 409 still processing, 5xx) may be retried with the same key.
      if (isApiError(error) && (error.status === 402 || error.status === 400)) {
        attempt.current = null;
      }
      setFailure(errorMessage(error, 'The payment could not be completed.'));
      setProcessing(false);
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    if (busy.current || closed || !card) return;
    busy.current = true;
    setFailure('');
    setProcessing(true);
    try {
      const signature = JSON.stringify(values);
      let current = attempt.current;
      if (!current || current.card !== card || current.signature !== signature) {
        const method = await card.createPaymentMethod();
        if ('error' in method) {
          setFailure(method.error);
          setProcessing(false);
          return;
        }
        const name = `${profile.firstName} ${profile.lastName}`.trim() || user.email;
        current = {
          signature,
          card,
          body: buildRequest({
            userId: user._id,
            coordinatorId: values.coordinatorId,
            customer: { name, email: user.email },
            companyName: values.companyName.trim(),
            contactNumber: values.contactNumber.trim(),
            paymentMethodId: method.paymentMethodId,
            idempotencyKey: newIdempotencyKey(),
          }),
        };
        attempt.current = current;
      }
      const body = current.body;
      await settle(() => handlePayment(body));
    } finally {
      busy.current = false;
    }
  });

  async function answerChallenge(outcome: 'approve' | 'fail') {
    if (!challenge) return;
    setAnswering(true);
    try {
      await authenticateSandboxPayment(challenge.clientSecret, outcome);
    } catch (error) {
      setChallenge(null);
      setAnswering(false);
      setFailure(errorMessage(error, 'The payment could not be confirmed.'));
      setProcessing(false);
      return;
    }
    const { paymentIntentId } = challenge;
    setChallenge(null);
    setAnswering(false);
    await settle(() => confirmPayment(paymentIntentId));
  }

  const coordinatorOptions = (coordinators.data ?? []).map((c) => ({
    value: c._id,
    label: c.profile.displayName.trim() || `${c.profile.firstName} ${c.profile.lastName}`.trim(),
  }));
  const noCoordinators = coordinators.isSuccess && coordinatorOptions.length === 0;
  const payDisabled = processing || closed || !card || noCoordinators;

  return (
    <>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1.25fr_1fr] lg:gap-12">
        <form id="checkout-form" onSubmit={onSubmit} noValidate aria-busy={processing}>
          <fieldset disabled={processing || closed} className="flex min-w-0 flex-col gap-8">
            <section
              aria-labelledby="checkout-coordinator"
              className="rounded-card border-2 border-ink bg-paper p-6 sm:p-8"
            >
              <h2 id="checkout-coordinator" className="text-2xl font-extrabold">
                Your coordinator
              </h2>
              <div className="mt-5">
                <Select
                  label={`Who was your ${companyName} coordinator?`}
                  placeholder="Select a coordinator"
                  required
                  options={coordinatorOptions}
                  error={
                    errors.coordinatorId?.message ??
                    (coordinators.isError ? errorMessage(coordinators.error) : undefined)
                  }
                  hint={
                    noCoordinators
                      ? 'No coordinators are available right now. Please contact us to finish your order.'
                      : undefined
                  }
                  {...register('coordinatorId')}
                />
              </div>
            </section>

            <section
              aria-labelledby="checkout-details"
              className="rounded-card border-2 border-ink bg-paper p-6 sm:p-8"
            >
              <h2 id="checkout-details" className="text-2xl font-extrabold">
                Your Details
              </h2>
              <div className="mt-5 grid gap-4 sm:grid-cols-2">
                <TextInput label="First name" value={profile.firstName} readOnly required />
                <TextInput label="Last name" value={profile.lastName} readOnly required />
                <TextInput
                  label="Email"
                  type="email"
                  value={user.email}
                  readOnly
                  required
                  fieldClassName="sm:col-span-2"
                />
                <TextInput
                  label="Company name"
                  autoComplete="organization"
                  readOnly={!needsCompany}
                  required
                  error={errors.companyName?.message}
                  {...register('companyName')}
                />
                <TextInput
                  label="Contact number"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  readOnly={!needsContact}
                  required
                  error={errors.contactNumber?.message}
                  {...register('contactNumber')}
                />
              </div>
            </section>

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
        </form>

        <aside aria-label="Order summary" className="lg:sticky lg:top-28 lg:self-start">
          <div className="rounded-card bg-ink p-6 text-paper sm:p-8">
            {summary}
            {failure ? (
              <p
                ref={failureRef}
                role="alert"
                className="mt-6 rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger"
              >
                {failure}
              </p>
            ) : null}
            {closed ? null : (
              <Button
                type="submit"
                form="checkout-form"
                size="lg"
                className="mt-6 w-full"
                disabled={payDisabled}
              >
                {processing ? 'Processing...' : 'Confirm & Pay'}
              </Button>
            )}
          </div>
        </aside>
      </div>

      {processing ? (
        <div className="fixed inset-0 z-40 grid place-items-center bg-paper/70 backdrop-blur-[1px]">
          <Spinner label="Processing your payment" className="[&>span:first-child]:size-14" />
        </div>
      ) : null}
      <ThreeDSecureDialog
        open={challenge !== null}
        amount={amountLabel}
        busy={answering}
        onAnswer={(outcome) => void answerChallenge(outcome)}
      />
    </>
  );
}
