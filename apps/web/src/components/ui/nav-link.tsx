import { Link, useLocation, useResolvedPath, type LinkProps } from 'react-router';

interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active on this very path only, not on the paths below it. */
  end?: boolean;
  /** A class, or a class for whether the link leads to the page shown. */
  className?: string | ((state: { isActive: boolean }) => string | undefined);
}

/**
 * A link that says whether it leads to the page shown, as React Router's `NavLink` does for the
 * app's uses: active on its path and the paths below it (`end`: its path only), letter case
 * aside; `aria-current="page"` when active, and `className` given `{ isActive }`. The router's
 * own also tracks a data router's pending navigation and view transitions, which the app's
 * `BrowserRouter` has neither of: this one keeps that code off every page's first load (the
 * header's links draw with it).
 */
export function NavLink({ to, end = false, className, relative, ...rest }: NavLinkProps) {
  const location = useLocation().pathname.toLowerCase();
  // As the browser writes a path (spaces and the like escaped), so that it compares with its own.
  const target = new URL(
    useResolvedPath(to, { relative }).pathname,
    'http://localhost',
  ).pathname.toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive =
    location === target || (!end && location.startsWith(target) && location.charAt(slash) === '/');
  return (
    <Link
      {...rest}
      to={to}
      relative={relative}
      aria-current={isActive ? 'page' : undefined}
      className={
        typeof className === 'function'
          ? className({ isActive })
          : [className, isActive ? 'active' : null].filter(Boolean).join(' ')
      }
    />
  );
}
