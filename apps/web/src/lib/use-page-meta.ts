import { useEffect } from 'react';
import { useSiteConfig } from './site-config';

export const DEFAULT_DESCRIPTION =
  'We Make Noise. A marketing agency for branding, content, social media, SEO, ads and websites that get your business heard.';

/** Sets document.title to '{Page} | {companyName}' and the meta description. */
export function usePageMeta(title: string | undefined, description: string = DEFAULT_DESCRIPTION) {
  const companyName = useSiteConfig().data?.companyName;
  useEffect(() => {
    if (title) document.title = companyName ? `${title} | ${companyName}` : title;
  }, [title, companyName]);
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description.slice(0, 300);
  }, [description]);
}
