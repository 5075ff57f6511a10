import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, NavLink as RoutersNavLink } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NavLink } from './nav-link';

const className = ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off');

function drawn(at: string, link: React.ReactNode) {
  return renderToStaticMarkup(<MemoryRouter initialEntries={[at]}>{link}</MemoryRouter>);
}

// [where the visitor is, where the link leads, end]
const cases: [string, string, boolean][] = [
  ['/', '/', false],
  ['/services/seo', '/', false],
  ['/services/seo', '/services', false],
  ['/services/seo', '/services/', false],
  ['/services-more', '/services', false],
  ['/services/seo', '/services', true],
  ['/services', '/services', true],
  ['/Services/SEO', '/services/seo', false],
  ['/pages/website', '/pages/website?from=header#top', false],
  ['/', '/#mind-map', false],
  ['/wkm-dashboard/sales', '/wkm-dashboard', true],
  ['/wkm-dashboard/sales', '/wkm-dashboard/sales', false],
];

describe('NavLink', () => {
  for (const [at, to, end] of cases) {
    it(`at ${at}, a link to ${to}${end ? ' (end)' : ''} is drawn as React Router's`, () => {
      expect(drawn(at, <NavLink to={to} end={end} className={className} />)).toBe(
        drawn(at, <RoutersNavLink to={to} end={end} className={className} />),
      );
      expect(drawn(at, <NavLink to={to} end={end} className="link" />)).toBe(
        drawn(at, <RoutersNavLink to={to} end={end} className="link" />),
      );
    });
  }

  // The browser's address escapes a space; the router's NavLink compares escaped paths under
  // BrowserRouter (its history escapes the link's path), which MemoryRouter does not do.
  it('is active at the escaped form of its path, as in the browser', () => {
    expect(drawn('/pages/a%20b', <NavLink to="/pages/a b" className={className} />)).toContain(
      'aria-current="page" class="on"',
    );
  });
});
