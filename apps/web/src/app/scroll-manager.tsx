import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * New pages start at the top; '/#mind-map' scrolls to its anchor once the page has rendered it
 * (pages load lazily, so the anchor may arrive a moment later). Back and forward leave the
 * browser's own restoration alone. After a navigation inside the app, focus moves to the new
 * page's heading, as a page load would put it at the top, so a keyboard or screen reader user
 * starts there (docs/product.md#accessibility).
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);

  useEffect(() => {
    if (!hash) {
      if (navigationType !== 'POP') window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    return untilFound(
      () => document.getElementById(id),
      (target) => target.scrollIntoView(),
    );
  }, [pathname, hash, navigationType]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    return untilFound(
      () => {
        // A dialog still closing (the one that led here) hands focus back first.
        if (document.activeElement?.closest('[role="dialog"]')) return null;
        return document.querySelector<HTMLElement>('main h1');
      },
      (heading) => {
        // Someone already typing in a field of the new page keeps their place.
        if (document.activeElement?.closest('input, textarea, select, [contenteditable]')) return;
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      },
    );
  }, [pathname]);

  return null;
}

/** Calls `then` with what `find` returns once it is there, looking each frame for 3 s. */
function untilFound<T>(find: () => T | null, then: (found: T) => void) {
  let frame = 0;
  const deadline = performance.now() + 3000;
  function look() {
    const found = find();
    if (found) then(found);
    else if (performance.now() < deadline) frame = requestAnimationFrame(look);
  }
  look();
  return () => cancelAnimationFrame(frame);
}
