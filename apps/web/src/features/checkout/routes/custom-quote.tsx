import { CalendarX2, CircleCheck, FileCheck2, ShieldAlert, XCircle } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { orderCreditCents } from '@noise/shared/account-credit';
import { quotePaymentRequest } from '@noise/shared/payments';
import {
  depositLabel,
  quoteDueNow,
  quoteParts,
  quoteTermsOf,
  splitCommaList,
  type PublicQuote,
} from '@noise/shared/quote';
import { formatCalendarDay } from '@noise/shared/format-day';
import { isStaffRole } from '@noise/shared/roles';
import { SignedProposalButton } from '@/components/proposals/signed-proposal-button';
import { Button, buttonVariants } from '@/components/ui/button';
import { errorMessage, isApiError, isNotFound } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { openSignInFor, openSignUpFor } from '@/lib/auth-modals';
import { checkUser } from '@/lib/check-user';
import { useCurrentUser } from '@/lib/current-user';
import { formatDate, formatMoney } from '@/lib/format';
import { useSiteConfig } from '@/lib/site-config';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { useQuote } from '../api/get-quote';
import { AcceptProposalForm, DeclineProposal } from '../components/accept-proposal-form';
import { useMyCredit } from '../api/account-credit';
import { CheckoutForm } from '../components/checkout-form';
import { proposalSteps } from '../components/checkout-steps';
import { ProposalDocument } from '../components/proposal-document';
import { CheckoutLoadFailed, CheckoutPage } from '../components/checkout-page';
import { SummaryLine, SummaryRule } from '../components/summary';

function List({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="mt-5">
      <h3 className="text-xs font-bold tracking-[0.2em] text-accent uppercase">{title}</h3>
      <ul className="mt-2 flex flex-col gap-1">
        {items.map((item, index) => (
          <li key={`${item}-${index}`}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** docs/product.md#proposal-page: /custom-quote/{quoteId}, a quote link's page. */
export function CustomQuoteRoute() {
  const { quoteId = '' } = useParams();
  const quote = useQuote(quoteId);
  const { status, isAuthenticated } = useAuth();
  const user = useCurrentUser(checkUser);
  // Staff viewing a proposal have no company credit to read.
  const credit = useMyCredit(isAuthenticated && !!user.data && !isStaffRole(user.data.role));
  const companyName = useSiteConfig().data?.companyName ?? '';
  usePageMeta(quote.data ? `Proposal: ${quote.data.name}` : 'Proposal');

  if (quote.isError) {
    const status = isApiError(quote.error) ? quote.error.status : 0;
    if (status === 401 || status === 403) {
      const back = { to: `/custom-quote/${encodeURIComponent(quoteId)}` };
      return (
        <CheckoutPage title="Your proposal" progress={{ current: 0, steps: proposalSteps }}>
          <section
            aria-labelledby="proposal-sign-in"
            className="mt-8 max-w-2xl rounded-card border-2 border-ink bg-paper p-6 sm:p-8"
          >
            <h2 id="proposal-sign-in" className="text-2xl font-extrabold">
              {status === 401 ? 'Sign in to see this proposal' : 'This proposal is not yours'}
            </h2>
            <p className="mt-3 text-muted">
              {status === 401
                ? 'It was prepared for your account: sign in with the email address it was sent to.'
                : `${errorMessage(quote.error)} Sign in with the account it was sent to, or contact us.`}
            </p>
            {status === 401 ? (
              <Button className="mt-6" onClick={() => openSignInFor(back)}>
                Sign in
              </Button>
            ) : null}
          </section>
        </CheckoutPage>
      );
    }
    return (
      <CheckoutPage title="Your proposal" progress={{ current: 0, steps: proposalSteps }}>
        {isNotFound(quote.error) ? (
          <CheckoutLoadFailed message="We could not find this quote. Check the link you were sent, or contact us." />
        ) : (
          <CheckoutLoadFailed
            message={`The quote could not be loaded: ${errorMessage(quote.error)}`}
            onRetry={() => void quote.refetch()}
          />
        )}
      </CheckoutPage>
    );
  }
  const signedOut = status === 'unauthenticated';
  if (!signedOut && !user.data && user.isError) {
    return (
      <CheckoutPage title="Your proposal" progress={{ current: 0, steps: proposalSteps }}>
        <CheckoutLoadFailed
          message={`Your details could not be loaded: ${errorMessage(user.error)}`}
          onRetry={() => void user.refetch()}
        />
      </CheckoutPage>
    );
  }
  if (!quote.data || (!signedOut && !user.data)) {
    return (
      <div role="status" className="grid min-h-[60vh] place-items-center text-xl font-semibold">
        Loading...
      </div>
    );
  }

  const data = quote.data;
  const terms = quoteTermsOf(data);
  const parts = quoteParts(terms);
  const price = parts.total;
  // What paying here charges now: the whole quote, its deposit, or its balance once asked for.
  const due = quoteDueNow(terms, data.depositPaid);
  // The company's account credit pays what it can; the card the rest, at least $0.50 (decision 107).
  const creditCents =
    !signedOut && user.data && credit.data && !data.paid
      ? orderCreditCents(credit.data.balanceCents, due.price.totalWithGstCents)
      : 0;
  const charged = formatMoney(due.price.totalWithGstCents - creditCents);
  // A refusal may be credit spent meanwhile: the page reads it again.
  const readCreditAgain = () => void credit.refetch();
  const balanceWaits = due.kind === 'balance' && !data.balanceRequested && !data.paid;
  const depositLine = parts.deposit
    ? `${depositLabel(data)} ${data.depositPaid ? 'paid' : 'due now'}`
    : '';
  const summary = (
    <>
      <p className="text-xs font-bold tracking-[0.2em] text-accent uppercase">Proposal</p>
      <h2 className="mt-1 text-2xl leading-tight font-extrabold">{data.name}</h2>
      {data.summary ? (
        <p className="mt-3 whitespace-pre-line text-paper/80">{data.summary}</p>
      ) : null}
      <List title="Deliverables" items={splitCommaList(data.deliverables)} />
      <List title="Extras" items={splitCommaList(data.extras)} />
      <dl className="mt-6 flex flex-col gap-2.5">
        <SummaryLine label="Price" value={formatMoney(price.totalCents)} />
        <SummaryLine label="GST" value={formatMoney(price.gstCents)} />
        <SummaryRule strong />
        <SummaryLine label="Total (inc. GST)" value={formatMoney(price.totalWithGstCents)} strong />
        {parts.deposit && parts.balance ? (
          <>
            <SummaryRule />
            <SummaryLine label={depositLine} value={formatMoney(parts.deposit.totalWithGstCents)} />
            <SummaryLine
              label={
                data.paid
                  ? 'Balance paid'
                  : due.kind === 'balance' && data.balanceRequested
                    ? data.balanceDueDate
                      ? `Balance due by ${formatCalendarDay(data.balanceDueDate)}`
                      : 'Balance due now'
                    : 'Balance due when the work is ready'
              }
              value={formatMoney(parts.balance.totalWithGstCents)}
              strong={due.kind === 'balance' && data.balanceRequested && !data.paid}
            />
          </>
        ) : null}
        {creditCents > 0 ? (
          <>
            <SummaryRule />
            <SummaryLine label="Account credit" value={`−${formatMoney(creditCents)}`} />
            <SummaryRule strong />
            <SummaryLine label="Due today (inc. GST)" value={charged} strong />
          </>
        ) : null}
      </dl>
      {data.paid ? (
        <div role="status" className="mt-6 flex gap-3 rounded-xl bg-paper px-4 py-3 text-ink">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
          <p className="text-sm">
            <strong>This quote has already been paid.</strong> Its project is under{' '}
            <Link to="/dashboard/projects" className="font-semibold text-accent-strong underline">
              your projects
            </Link>{' '}
            if you paid it.
          </p>
        </div>
      ) : null}
    </>
  );

  const aside = (
    <aside aria-label="Order summary" className="lg:sticky lg:top-28 lg:self-start">
      <div className="rounded-card bg-ink p-6 text-paper sm:p-8">{summary}</div>
    </aside>
  );

  if (!signedOut && user.data && balanceWaits) {
    // The deposit is paid and the work goes on: nothing to pay until staff ask for the balance.
    return (
      <CheckoutPage title="Your proposal" progress={{ current: 2, steps: proposalSteps }}>
        <div className="mt-8 grid gap-8 lg:grid-cols-[1.25fr_1fr] lg:gap-12">
          <section
            role="status"
            aria-labelledby="quote-deposit-paid"
            className="self-start rounded-card border-2 border-ink bg-paper p-6 sm:p-8"
          >
            <h2 id="quote-deposit-paid" className="flex items-center gap-2 text-2xl font-extrabold">
              <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-success" />
              Deposit paid
            </h2>
            <p className="mt-3 text-muted">
              Thank you: the work has started. The balance of{' '}
              {formatMoney(parts.balance!.totalWithGstCents)} inc. GST is due when the work is
              ready: we will email you a link to pay it here.
            </p>
            {/* Signed and paid: the next step is the brief of the order it became. */}
            <div className="mt-6 flex flex-wrap gap-3">
              {data.projectId ? (
                <Button asChild>
                  <Link to={`/dashboard/projects/${encodeURIComponent(data.projectId)}#brief`}>
                    Send your brief
                  </Link>
                </Button>
              ) : null}
              <Button asChild variant="outline">
                <Link to="/dashboard/projects">Go to your projects</Link>
              </Button>
            </div>
          </section>
          {aside}
        </div>
      </CheckoutPage>
    );
  }

  // Not paid yet: the proposal to read and answer, then to pay once signed.
  if (!data.paid && !data.depositPaid) {
    return (
      <ProposalPage
        data={data}
        companyName={companyName}
        payer={signedOut || !user.data ? { kind: 'guest' } : { kind: 'user', user: user.data }}
        summary={summary}
        charged={charged}
        creditCents={creditCents}
        onFailure={readCreditAgain}
      />
    );
  }

  if (signedOut || !user.data) {
    const back = { to: `/custom-quote/${encodeURIComponent(data._id)}` };
    return (
      <CheckoutPage title="Your proposal" progress={{ current: 1, steps: proposalSteps }}>
        <div className="mt-8 grid gap-8 lg:grid-cols-[1.25fr_1fr] lg:gap-12">
          <section
            aria-labelledby="quote-sign-in"
            className="self-start rounded-card border-2 border-ink bg-paper p-6 sm:p-8"
          >
            <h2 id="quote-sign-in" className="text-2xl font-extrabold">
              {data.paid
                ? 'This quote has been paid'
                : due.kind === 'balance'
                  ? 'Sign in to pay the balance'
                  : 'Sign in to pay this quote'}
            </h2>
            <p className="mt-3 text-muted">
              {data.paid
                ? 'Sign in to follow its project.'
                : due.kind === 'balance'
                  ? `Sign in with the account that paid the deposit. The balance is ${charged} inc. GST.`
                  : due.kind === 'deposit'
                    ? `Your project, its updates and your tax invoices will be in your account. The deposit is ${charged} inc. GST; the balance of ${formatMoney(parts.balance!.totalWithGstCents)} is due when the work is ready.`
                    : `Your project, its updates and your tax invoice will be in your account. The total is ${charged} inc. GST.`}
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Button onClick={() => openSignInFor(back)}>Sign in</Button>
              <Button variant="secondary" onClick={() => openSignUpFor(back)}>
                Create an account
              </Button>
            </div>
          </section>
          {aside}
        </div>
      </CheckoutPage>
    );
  }

  return (
    <CheckoutPage
      title={due.kind === 'balance' ? 'Pay the balance' : 'Confirm & Pay'}
      progress={{ current: 1, steps: proposalSteps }}
    >
      <CheckoutForm
        payer={{ kind: 'user', user: user.data }}
        amountLabel={charged}
        summary={summary}
        closed={data.paid}
        cardOnly={due.kind === 'balance'}
        buildRequest={(input) => quotePaymentRequest({ ...input, quote: data, creditCents })}
        onFailure={readCreditAgain}
      />
    </CheckoutPage>
  );
}

type Payer = Parameters<typeof CheckoutForm>[0]['payer'];

/** A note above the proposal: signed, declined or expired. */
function Notice({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div
      role="status"
      className="mt-8 flex flex-col gap-4 rounded-card border-2 border-ink bg-paper p-5 sm:flex-row sm:items-center sm:p-6"
    >
      <div className="flex min-w-0 flex-1 gap-3">
        {icon}
        <p className="min-w-0 text-xl font-extrabold">{title}</p>
      </div>
      {children}
    </div>
  );
}

/**
 * On a phone the signing form follows the whole proposal: a bar at the foot of the screen keeps
 * 'Accept and sign' in reach while it is read, and goes once the form is in view.
 */
function AcceptBar() {
  const [formInView, setFormInView] = useState(false);
  useEffect(() => {
    // The whole box: while any of it shows, its own button is in reach.
    const form = document.getElementById('proposal-answer-box');
    if (!form || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setFormInView(entry!.isIntersecting));
    observer.observe(form);
    return () => observer.disconnect();
  }, []);
  if (formInView) return null;
  return (
    <>
      {/* Room at the page's foot, so the bar never covers its last lines. */}
      <div aria-hidden="true" className="h-20 lg:hidden" />
      <div className="fixed inset-x-0 bottom-0 z-30 border-t-2 border-ink bg-paper p-3 lg:hidden">
        <a
          href="#proposal-answer-box"
          className={cn(buttonVariants({ size: 'lg' }), 'w-full justify-center')}
          onClick={(event) => {
            event.preventDefault();
            document
              .getElementById('proposal-answer-box')
              ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          }}
        >
          Accept and sign
        </a>
      </div>
    </>
  );
}

/**
 * docs/product.md#proposal-page: the proposal, with 'Accept and sign' and 'Decline' while it is
 * open; once signed, the payment (the deposit when it asks for one), for a guest as a guest
 * checkout; declined or expired, a note and nothing to do.
 */
function ProposalPage({
  data,
  companyName,
  payer,
  summary,
  charged,
  creditCents,
  onFailure,
}: {
  data: PublicQuote;
  companyName: string;
  payer: Payer;
  summary: ReactNode;
  charged: string;
  /** What the company's account credit pays of it; the card pays `charged`. */
  creditCents: number;
  onFailure: () => void;
}) {
  const parts = quoteParts(quoteTermsOf(data));
  const progress = { current: data.accepted ? 1 : 0, steps: proposalSteps } as const;

  if (data.accepted) {
    return (
      <CheckoutPage title="Confirm & Pay" progress={progress}>
        <Notice
          icon={<FileCheck2 aria-hidden="true" className="size-7 shrink-0 text-success" />}
          title={
            data.accepted.recordedBy
              ? `Accepted on paper by ${data.accepted.name}, recorded by ${data.accepted.recordedBy} on ${formatDate(data.accepted.at)}`
              : `Accepted and signed by ${data.accepted.name} on ${formatDate(data.accepted.at)}`
          }
        >
          <SignedProposalButton quoteId={data._id} label="Download the signed proposal" />
        </Notice>
        <CheckoutForm
          // A guest who signs in from this page gets a fresh form with their profile's details.
          key={payer.kind === 'user' ? payer.user._id : 'guest'}
          payer={payer}
          amountLabel={charged}
          summary={summary}
          buildRequest={(input) => quotePaymentRequest({ ...input, quote: data, creditCents })}
          onFailure={onFailure}
        />
      </CheckoutPage>
    );
  }

  const document = <ProposalDocument quote={data} companyName={companyName} />;
  if (data.declinedAt || data.expired) {
    return (
      <CheckoutPage title="Your proposal" progress={progress}>
        {data.declinedAt ? (
          <Notice
            icon={<XCircle aria-hidden="true" className="size-7 shrink-0 text-danger" />}
            title={`You declined this proposal on ${formatDate(data.declinedAt)}`}
          >
            <p className="text-muted sm:max-w-xs">Changed your mind? Contact us for a new one.</p>
          </Notice>
        ) : (
          <Notice
            icon={<CalendarX2 aria-hidden="true" className="size-7 shrink-0 text-danger" />}
            title="This proposal has expired"
          >
            <p className="text-muted sm:max-w-xs">
              It was valid until {formatDate(data.validUntil!)}. Contact us and we can extend it.
            </p>
          </Notice>
        )}
        <div className="mt-8 max-w-4xl">{document}</div>
      </CheckoutPage>
    );
  }

  return (
    <CheckoutPage title="Your proposal" progress={progress}>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
        {document}
        <aside
          id="proposal-answer-box"
          aria-labelledby="proposal-answer"
          className="flex scroll-mt-24 flex-col gap-5 self-start rounded-card border-2 border-ink bg-paper p-5 sm:p-6 lg:sticky lg:top-28"
        >
          <div>
            <h2 id="proposal-answer" className="text-2xl font-extrabold">
              Accept and sign
            </h2>
            <p className="mt-2 text-sm text-muted">
              {parts.deposit
                ? `Signing leads to paying the deposit of ${formatMoney(parts.deposit.totalWithGstCents)} inc. GST; the balance is due when the work is ready.`
                : `Signing leads to paying ${formatMoney(parts.total.totalWithGstCents)} inc. GST.`}
              {data.validUntil ? ` Valid until ${formatDate(data.validUntil)}.` : ''}
            </p>
          </div>
          {payer.kind === 'user' && isStaffRole(payer.user.role) ? (
            // Staff may read the page but never sign for the customer: a paper acceptance is
            // recorded from the quote's page, as their own act (docs/product.md#proposals).
            <div role="note" className="flex gap-3 rounded-xl bg-accent-soft px-4 py-3 text-sm">
              <ShieldAlert aria-hidden="true" className="size-5 shrink-0 text-muted" />
              <p>
                You are signed in as staff: only the customer can accept or decline this proposal.
                If they accepted it on paper,{' '}
                <Link
                  to={`/wkm-dashboard/custom-quotes/edit/${encodeURIComponent(data._id)}`}
                  className="font-semibold text-accent-strong underline"
                >
                  record it on the quote&rsquo;s page
                </Link>
                .
              </p>
            </div>
          ) : (
            <>
              <AcceptProposalForm quoteId={data._id} version={data.version} />
              <div className="border-t-2 border-line pt-4">
                <DeclineProposal quoteId={data._id} />
              </div>
            </>
          )}
        </aside>
      </div>
      {payer.kind === 'user' && isStaffRole(payer.user.role) ? null : <AcceptBar />}
    </CheckoutPage>
  );
}
