import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSiteConfig } from './site-config';

export const DEFAULT_DESCRIPTION =
  'We Make Noise. A marketing agency for branding, content, social media, SEO, ads and websites that get your business heard.';

/** The picture shared links show when a page has none of its own (1200 x 630). */
export const DEFAULT_SHARE_IMAGE = '/og-image.png';

export interface PageMetaOptions {
  /** A picture for shared links; raster only (social sites ignore SVG). */
  image?: string;
  /** Keep the page out of search results (not-found pages). */
  noindex?: boolean;
}

/** The <meta> or <link> in <head> whose `key` attribute is `value`, made when missing. */
function headElement(tag: 'meta' | 'link', key: string, value: string): Element {
  let element = document.head.querySelector(`${tag}[${key}="${value}"]`);
  if (!element) {
    element = document.createElement(tag);
    element.setAttribute(key, value);
    document.head.append(element);
  }
  return element;
}

/**
 * The address the visitor landed on: the server wrote that page's schema.org block
 * (#structured-data) into it. Once the app shows another page, the block no longer describes it.
 */
const landingPath = typeof window === 'undefined' ? '' : window.location.pathname;

function setMeta(key: 'name' | 'property', value: string, content: string) {
  headElement('meta', key, value).setAttribute('content', content);
}

/**
 * Sets the page's title ('{Page} | {companyName}'), meta description, canonical address (the
 * configured public URL plus the path, without query or hash), robots and Open Graph tags.
 */
export function usePageMeta(
  title: string | undefined,
  description: string = DEFAULT_DESCRIPTION,
  options: PageMetaOptions = {},
) {
  const config = useSiteConfig().data;
  const { pathname } = useLocation();
  const companyName = config?.companyName;
  const publicUrl = config?.publicUrl;
  const fullTitle = title && companyName ? `${title} | ${companyName}` : title;
  const summary = description.slice(0, 300);
  const { image = DEFAULT_SHARE_IMAGE, noindex = false } = options;

  useEffect(() => {
    if (fullTitle) document.title = fullTitle;
  }, [fullTitle]);

  useEffect(() => {
    if (pathname !== landingPath) document.getElementById('structured-data')?.remove();
  }, [pathname]);

  useEffect(() => {
    setMeta('name', 'description', summary);
    setMeta('property', 'og:description', summary);
    setMeta('name', 'robots', noindex ? 'noindex' : 'index, follow');
    if (fullTitle) setMeta('property', 'og:title', fullTitle);
    if (companyName) setMeta('property', 'og:site_name', companyName);
    if (!publicUrl) return;
    const url = publicUrl + pathname;
    headElement('link', 'rel', 'canonical').setAttribute('href', url);
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:image', new URL(image, `${publicUrl}/`).href);
  }, [summary, fullTitle, companyName, publicUrl, pathname, image, noindex]);
}
