import { useMemo } from 'react';
import type { FeatureVideo, ServicePackage } from '@noise/shared/catalogue';
import { MediaGallery } from '@/components/service/media-gallery';
import { InitialInvestment } from '@/components/service/initial-investment';
import { PackageTabs } from '@/components/service/package-tabs';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '@/components/ui/accordion';
import { formatPrice } from '@/lib/format';
import { useObjectUrls } from '../../components/object-urls';
import { splitFeatures, type ServiceFiles, type ServiceFormValues } from './service-form-model';

const toNumber = (text: string) => {
  const value = Number(text.trim());
  return Number.isFinite(value) ? value : 0;
};

function SectionTitle({ children }: { children: string }) {
  return <h2 className="text-3xl font-extrabold sm:text-4xl">{children}</h2>;
}

/**
 * The unsaved service as its public page will show it: the page's own gallery and package tabs
 * (components/service/) and FAQ accordion, with chosen files shown from local object URLs.
 * Loaded lazily by the form, so staff code stays out of the public bundles.
 */
export default function ServicePreview({
  values,
  files,
}: {
  values: ServiceFormValues;
  files: ServiceFiles;
}) {
  const galleryUrls = useObjectUrls(files.galleryFiles);
  const newVideos = useMemo(() => files.videos.filter((v) => v.kind === 'new'), [files.videos]);
  const videoFiles = useMemo(() => newVideos.map((v) => v.file), [newVideos]);
  const thumbnailFiles = useMemo(
    () => newVideos.flatMap((v) => (v.thumbnail ? [v.thumbnail] : [])),
    [newVideos],
  );
  const videoUrls = useObjectUrls(videoFiles);
  const thumbnailUrls = useObjectUrls(thumbnailFiles);

  const videos: FeatureVideo[] = [];
  let thumbnailIndex = 0;
  let newIndex = 0;
  for (const video of files.videos) {
    if (video.kind === 'kept') {
      videos.push({ url: video.url, thumbnailUrl: video.thumbnailUrl });
    } else {
      const thumbnailUrl = video.thumbnail ? (thumbnailUrls[thumbnailIndex++] ?? '') : '';
      videos.push({ url: videoUrls[newIndex] ?? '', thumbnailUrl });
      newIndex += 1;
    }
  }
  const images = [...files.galleryUrls, ...galleryUrls];
  const packages: ServicePackage[] = values.packages.map((pkg, index) => ({
    _id: pkg._id ?? `preview-${index}`,
    title: pkg.title || `Package ${index + 1}`,
    type: pkg.type,
    baseCost: toNumber(pkg.baseCost),
    recurringCost: toNumber(pkg.recurringCost),
    priceSuffix: pkg.priceSuffix,
    features: splitFeatures(pkg.features),
    recommended: pkg.recommended,
  }));
  const title = values.title || 'Untitled service';

  return (
    <article aria-label="Service preview" className="mx-auto max-w-6xl py-2">
      <h1 className="text-5xl leading-[0.95] font-extrabold sm:text-6xl">
        {title}
        <span className="text-accent">.</span>
      </h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1.15fr_1fr]">
        <MediaGallery title={title} videos={videos} images={images} />
        <section>
          <SectionTitle>Service Description</SectionTitle>
          <p className="mt-5 text-lg leading-relaxed whitespace-pre-line text-ink/85">
            {values.description || 'A description of this service is on its way.'}
          </p>
          <InitialInvestment
            packages={packages}
            description={values.initialInvestmentDescription}
          />
        </section>
      </div>
      {files.comparisonPdf || files.comparisonPdfUrl ? (
        <section className="mt-14">
          <SectionTitle>Compare Services</SectionTitle>
          <p className="mt-3 text-muted">
            The comparison PDF ({files.comparisonPdf?.name ?? 'current file'}) shows here.
          </p>
        </section>
      ) : null}
      <section className="mt-14">
        <SectionTitle>Packages</SectionTitle>
        <div className="mt-6">
          <PackageTabs packages={packages} onChoose={() => undefined} />
        </div>
      </section>
      {values.serviceExtras.length ? (
        <section className="mt-14">
          <SectionTitle>Extras</SectionTitle>
          <ul className="mt-4 grid gap-3 md:grid-cols-2">
            {values.serviceExtras.map((extra, index) => (
              <li key={`${extra.title}-${index}`} className="rounded-xl border-2 border-line p-4">
                <p className="font-semibold">
                  {extra.title}{' '}
                  <span className="text-muted">{formatPrice(toNumber(extra.price))} exc. GST</span>
                </p>
                <p className="mt-1 text-sm text-muted">{extra.description}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="mt-14 max-w-4xl">
        <SectionTitle>{`${title} FAQs`}</SectionTitle>
        {values.faqs.length ? (
          <Accordion type="single" collapsible className="mt-6">
            {values.faqs.map((faq, index) => (
              <AccordionItem key={`${faq.question}-${index}`} value={`faq-${index}`}>
                <AccordionTrigger>{faq.question}</AccordionTrigger>
                <AccordionContent className="whitespace-pre-line">{faq.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        ) : (
          <p className="mt-4 text-muted">No questions yet. Ask us anything.</p>
        )}
      </section>
    </article>
  );
}
