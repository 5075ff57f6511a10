import { ArrowUpRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { navigationHref } from '@noise/shared/navigation';
import { legalPageHref, useSiteConfig } from '@/lib/site-config';
import { useIndustries } from '../api/get-industries';
import { useNavigation } from '../api/get-navigation';
import { companyPages } from '@noise/shared/company-page-list';
import { Logo } from './logo';
import { ExternalLink, isExternalUrl } from './external-link';
import { FacebookIcon, InstagramIcon, LinkedInIcon, YouTubeIcon } from './social-icons';

const socialLinks = [
  { label: 'Instagram', href: 'https://www.instagram.com/', Icon: InstagramIcon },
  { label: 'Facebook', href: 'https://www.facebook.com/', Icon: FacebookIcon },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/', Icon: LinkedInIcon },
  { label: 'YouTube', href: 'https://www.youtube.com/', Icon: YouTubeIcon },
];

const linkClasses =
  'rounded text-paper/75 transition-colors hover:text-accent focus-visible:text-accent';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="font-display text-sm font-bold tracking-[0.2em] text-accent uppercase">
        {title}
      </h2>
      <ul className="mt-5 flex flex-col gap-3 text-[0.95rem]">{children}</ul>
    </div>
  );
}

export function Footer() {
  const config = useSiteConfig().data;
  const industries = useIndustries().data ?? [];
  const navigation = useNavigation();
  const year = new Date().getFullYear();

  return (
    <footer className="bg-ink text-paper">
      <div className="mx-auto max-w-7xl px-4 pt-16 pb-10 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-8 border-b border-paper/15 pb-12 md:flex-row md:items-end md:justify-between">
          <div>
            <Logo inverted />
            <p className="mt-6 max-w-md font-display text-4xl leading-[1.05] font-extrabold sm:text-5xl">
              Ready to make some noise<span className="text-accent">?</span>
            </p>
          </div>
          {config?.contactUrl ? (
            <ExternalLink
              href={config.contactUrl}
              className="inline-flex h-14 items-center gap-2 self-start rounded-full bg-accent px-8 text-lg font-semibold text-ink transition-colors hover:bg-accent-hover md:self-auto"
            >
              Contact Us
              <ArrowUpRight aria-hidden="true" className="size-5" />
            </ExternalLink>
          ) : null}
        </div>

        <div className="grid grid-cols-1 gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
          <Column title="Services">
            {navigation.footer.map((entry) => (
              <li key={`${entry.kind}:${entry.id}:${entry.label}`}>
                <Link to={navigationHref(entry)} className={linkClasses}>
                  {entry.label}
                </Link>
              </li>
            ))}
          </Column>
          <Column title="About">
            {companyPages.map((page) => {
              const href = legalPageHref(config, page.slug);
              return (
                <li key={page.slug}>
                  {isExternalUrl(href) ? (
                    <ExternalLink href={href} className={linkClasses}>
                      {page.title}
                    </ExternalLink>
                  ) : (
                    <Link to={href} className={linkClasses}>
                      {page.title}
                    </Link>
                  )}
                </li>
              );
            })}
            <li>
              {config?.contactUrl ? (
                <ExternalLink href={config.contactUrl} className={linkClasses}>
                  Contact Us
                </ExternalLink>
              ) : (
                <span className="text-paper/75">Contact Us</span>
              )}
            </li>
          </Column>
          <Column title="Industries">
            {industries.length === 0 ? (
              <li>
                <Link to="/#mind-map" className={linkClasses}>
                  Explore our services
                </Link>
              </li>
            ) : (
              industries.map((industry) => (
                <li key={industry._id}>
                  {isExternalUrl(industry.link) ? (
                    <ExternalLink href={industry.link} className={linkClasses}>
                      {industry.title}
                    </ExternalLink>
                  ) : (
                    <Link to={industry.link || '/'} className={linkClasses}>
                      {industry.title}
                    </Link>
                  )}
                </li>
              ))
            )}
          </Column>
          <Column title="Follow">
            {socialLinks.map(({ label, href, Icon }) => (
              <li key={label}>
                <ExternalLink
                  href={href}
                  className={`${linkClasses} inline-flex items-center gap-3`}
                >
                  <Icon aria-hidden="true" className="size-5" />
                  {label}
                </ExternalLink>
              </li>
            ))}
          </Column>
        </div>

        <div className="flex flex-col gap-2 border-t border-paper/15 pt-8 text-sm text-paper/70 sm:flex-row sm:justify-between">
          <p>
            © {year} {config?.companyName ?? ''}
            {config?.abn ? ` · ABN ${config.abn}` : ''}
          </p>
          <p>Prices exclude GST unless stated.</p>
        </div>
      </div>
    </footer>
  );
}
