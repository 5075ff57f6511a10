import type { Service } from './catalogue.ts';
import { tabPrice } from './pricing.ts';
import { intervalTerms } from './intervals.ts';

/** Prices on the site are Australian dollars before GST, whatever currency charges record. */
export const DISPLAY_CURRENCY = 'AUD';

/**
 * schema.org Service with one Offer per package, written into the page by the server (for
 * crawlers and link previews) and kept by the app, the price a package tab shows
 * (docs/product.md#package-tabs), for search engines' rich results.
 */
export function buildServiceStructuredData(
  service: Service,
  site: { url: string; publicUrl: string; companyName: string },
) {
  const absolute = (path: string) => new URL(path, `${site.publicUrl}/`).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    '@id': `${site.url}#service`,
    name: service.title,
    serviceType: service.title,
    description: service.description || undefined,
    url: site.url,
    image: service.featurePhoto ? absolute(service.featurePhoto) : undefined,
    areaServed: { '@type': 'Country', name: 'Australia' },
    provider: { '@type': 'Organization', name: site.companyName, url: absolute('/') },
    offers: service.packages.map((pkg) => {
      const price = tabPrice(pkg).toFixed(2);
      return {
        '@type': 'Offer',
        name: pkg.title,
        price,
        priceCurrency: DISPLAY_CURRENCY,
        url: site.url,
        availability: 'https://schema.org/InStock',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price,
          priceCurrency: DISPLAY_CURRENCY,
          valueAddedTaxIncluded: false,
          ...(pkg.type === 'one-time' ? {} : intervalTerms(pkg.type).schemaOrg),
        },
      };
    }),
  };
}
