import { ArrowLeft, ArrowUpRight } from 'lucide-react';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { Service, ServicePackage } from '@noise/shared/catalogue';
import { MediaGallery } from '@/components/service/media-gallery';
import { InitialInvestment } from '@/components/service/initial-investment';
import { PackageTabs } from '@/components/service/package-tabs';
import { Disclosure } from '@/components/ui/disclosure';
import { Button, buttonVariants } from '@/components/ui/button';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { errorMessage, isNotFound, toastApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useSiteConfig } from '@/lib/site-config';
import { usePageMeta } from '@/lib/use-page-meta';
import { useSeen } from '@/lib/use-seen';
import { useService } from '../api/get-service';
import { useRecordRecentlyViewed } from '../api/record-recently-viewed';
import { Breadcrumb } from '../components/breadcrumb';
import { ExternalLink } from '../components/external-link';

// Only a missing service shows it: not part of the page's first load.
const NotFoundView = lazy(() => import('./not-found').then((m) => ({ default: m.NotFoundView })));

// The compare table sits below the packages: its chunk loads once the section comes into view.
const PackageComparison = lazy(() =>
  import('../components/package-comparison').then((m) => ({ default: m.PackageComparison })),
);
// pdf.js is large: it loads only for services that have a comparison PDF, once it is in view.
const ComparisonPdf = lazy(() => import('../components/comparison-pdf'));
// The order panel (and its dialog machinery) loads when a package is first chosen.
const loadOrderOptionsSheet = () => import('../components/order-options-sheet');
const OrderOptionsSheet = lazy(() =>
  loadOrderOptionsSheet().then((m) => ({ default: m.OrderOptionsSheet })),
);

function useGoBack() {
  const navigate = useNavigate();
  return () => {
    // A page opened directly has no step back inside the app: go home instead of leaving.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/');
  };
}

/** Records the view once per service while signed in (docs/product.md#service-page). */
function useRecordView(serviceId: string | undefined) {
  const { isAuthenticated } = useAuth();
  const record = useRecordRecentlyViewed();
  useEffect(() => {
    if (!isAuthenticated || !serviceId) return;
    record(serviceId).catch((error: unknown) =>
      toastApiError(error, 'Could not save this to your recently viewed'),
    );
  }, [isAuthenticated, serviceId, record]);
}

/** Nothing to subscribe to: the snapshot only differs between the server and the browser. */
const noSubscription = () => () => {};

/**
 * Order Again from a project: ?order={package id or title}&extra={extra id or title}... opens the
 * order panel on that package with those extras chosen, for as long as the parameters are in the
 * address: the address is what says the panel is open, so no render or remount of the page can
 * lose it. `done` drops them (the panel closed, or the order went on to payment), so Back does
 * not open the panel again; parameters naming no package of the service are dropped at once.
 */
function useOrderAgainRequest(service: Service | undefined) {
  const { search, hash, state } = useLocation();
  const navigate = useNavigate();
  // The server draws the page without the panel: it opens once the app owns the page, so the
  // first render matches what was drawn.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const request = useMemo(() => {
    const params = new URLSearchParams(search);
    const wanted = params.get('order');
    if (!hydrated || !service || wanted === null) return null;
    const extras = params.getAll('extra');
    return {
      pkg: service.packages.find((p) => p._id === wanted || p.title === wanted) ?? null,
      extraIds: service.serviceExtras
        .filter((e) => extras.some((x) => x === e._id || x === e.title))
        .map((e) => e._id),
    };
  }, [hydrated, service, search]);
  const done = useCallback(() => {
    const rest = new URLSearchParams(search);
    rest.delete('order');
    rest.delete('extra');
    const left = rest.toString();
    navigate(
      { search: left ? `?${left}` : '', hash },
      { replace: true, preventScrollReset: true, state },
    );
  }, [search, hash, state, navigate]);
  const unknown = request !== null && request.pkg === null;
  useEffect(() => {
    if (unknown) done();
  }, [unknown, done]);
  return request?.pkg ? { pkg: request.pkg, extraIds: request.extraIds, done } : null;
}

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="text-3xl font-extrabold sm:text-4xl">
      {children}
    </h2>
  );
}

export function ServiceRoute() {
  const { serviceId = '' } = useParams();
  const service = useService(serviceId);
  const config = useSiteConfig().data;
  const goBack = useGoBack();
  const [orderPackage, setOrderPackage] = useState<ServicePackage | null>(null);
  const [orderOpen, setOrderOpen] = useState(false);
  const [observePdfSection, pdfSectionSeen] = useSeen<HTMLDivElement>();
  const [observeComparison, comparisonSeen] = useSeen<HTMLDivElement>();
  const [initialExtraIds, setInitialExtraIds] = useState<string[]>([]);
  const orderAgain = useOrderAgainRequest(service.data);
  const sheetPackage = orderAgain?.pkg ?? orderPackage;

  useRecordView(service.data?._id);
  const photo = service.data?.featurePhoto ?? '';
  usePageMeta(
    service.data?.title ?? (service.isPending ? 'Loading service' : 'Service'),
    service.data?.description || undefined,
    // Social sites show raster pictures only; the site's own picture stands in for the rest.
    { image: /\.(png|jpe?g|webp)$/i.test(photo) ? photo : undefined },
  );

  if (service.isPending) return <PageSpinner label="Loading service" />;
  if (isNotFound(service.error)) {
    return (
      <Suspense fallback={<PageSpinner label="Loading" />}>
        <NotFoundView
          title="Service not found"
          message="We could not find that service. It may have been renamed or retired."
        />
      </Suspense>
    );
  }
  if (service.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-24 text-center">
        <h1 className="text-3xl font-extrabold">We could not load this service</h1>
        <p className="mt-3 text-muted">{errorMessage(service.error)}</p>
        <Button className="mt-8" onClick={() => void service.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const data = service.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Breadcrumb />
      <Button variant="ghost" size="sm" className="mt-6 -ml-2" onClick={goBack}>
        <ArrowLeft aria-hidden="true" />
        Go Back
      </Button>
      <h1 className="mt-4 text-5xl leading-[0.95] font-extrabold sm:text-7xl">
        {data.title}
        <span className="text-accent">.</span>
      </h1>

      <div className="mt-10 grid gap-10 lg:grid-cols-[1.15fr_1fr] lg:gap-14">
        <MediaGallery title={data.title} videos={data.featureVideos} images={data.gallery} />
        <section aria-labelledby="service-description">
          <SectionTitle id="service-description">Service Description</SectionTitle>
          <p className="mt-5 text-lg leading-relaxed whitespace-pre-line text-ink/85">
            {data.description || 'A description of this service is on its way.'}
          </p>
          <InitialInvestment
            packages={data.packages}
            description={data.initialInvestmentDescription}
          />
        </section>
      </div>

      <section aria-labelledby="service-packages" className="mt-20">
        <SectionTitle id="service-packages">Packages</SectionTitle>
        <p className="mt-2 text-muted">Pick the package that fits, then add any extras.</p>
        <div className="mt-6">
          <PackageTabs
            packages={data.packages}
            onPrepare={() => void loadOrderOptionsSheet()}
            onChoose={(pkg) => {
              setInitialExtraIds([]);
              setOrderPackage(pkg);
              setOrderOpen(true);
            }}
          />
        </div>
      </section>

      {data.packages.length >= 2 ? (
        <section aria-labelledby="compare-packages" className="mt-20">
          <SectionTitle id="compare-packages">Compare packages</SectionTitle>
          <p className="mt-2 text-muted">What each package includes. Prices exc. GST.</p>
          <div ref={observeComparison} className="mt-6 min-h-40">
            {comparisonSeen ? (
              <Suspense fallback={<Spinner label="Loading the comparison" />}>
                <PackageComparison packages={data.packages} />
              </Suspense>
            ) : (
              // Drawn by the server for a browser without JavaScript (inline: no boundary of its
              // own, so the page waits for it); the app never renders it.
              <noscript>
                <PackageComparison packages={data.packages} />
              </noscript>
            )}
          </div>
        </section>
      ) : null}

      {data.comparisonPdf ? (
        <section aria-labelledby="compare-services" className="mt-20">
          <SectionTitle id="compare-services">Compare Services</SectionTitle>
          <div ref={observePdfSection} className="mt-6 min-h-60">
            {pdfSectionSeen ? (
              <Suspense
                fallback={
                  <div className="grid h-60 place-items-center rounded-card border-2 border-ink bg-paper">
                    <Spinner label="Loading PDF…" />
                  </div>
                }
              >
                <ComparisonPdf url={data.comparisonPdf} />
              </Suspense>
            ) : null}
          </div>
        </section>
      ) : null}

      <section
        aria-labelledby="service-contact"
        className="mt-20 flex flex-col items-start justify-between gap-6 rounded-card bg-accent p-8 sm:p-10 md:flex-row md:items-center"
      >
        <div>
          <h2 id="service-contact" className="text-3xl font-extrabold sm:text-4xl">
            Need something bespoke?
          </h2>
          <p className="mt-2 max-w-xl text-lg">
            Tell us what you are after and we will put together a plan and a quote.
          </p>
        </div>
        {config?.contactUrl ? (
          <ExternalLink
            href={config.contactUrl}
            className={buttonVariants({ variant: 'secondary', size: 'lg' })}
          >
            Contact Us
            <ArrowUpRight aria-hidden="true" />
          </ExternalLink>
        ) : null}
      </section>

      <section aria-labelledby="service-faqs" className="mt-20 mb-8 max-w-4xl">
        <SectionTitle id="service-faqs">{`${data.title} FAQs`}</SectionTitle>
        {data.faqs.length ? (
          <div className="mt-6">
            {data.faqs.map((faq, index) => (
              <Disclosure key={`${faq.question}-${index}`} title={faq.question}>
                <p className="whitespace-pre-line">{faq.answer}</p>
              </Disclosure>
            ))}
          </div>
        ) : (
          <p className="mt-4 text-muted">No questions yet. Ask us anything.</p>
        )}
      </section>

      {sheetPackage ? (
        <Suspense fallback={null}>
          <OrderOptionsSheet
            service={data}
            pkg={sheetPackage}
            initialExtraIds={orderAgain?.extraIds ?? initialExtraIds}
            open={orderAgain !== null || orderOpen}
            onOpenChange={(open) => {
              if (!open && orderAgain) {
                // The panel keeps its package while it slides out, once the address is clean.
                setOrderPackage(orderAgain.pkg);
                orderAgain.done();
              }
              setOrderOpen(open);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
