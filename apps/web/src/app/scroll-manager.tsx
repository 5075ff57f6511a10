import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * New pages start at the top; '/#mind-map' scrolls to its anchor once the page has rendered it
 * (pages load lazily, so the anchor may arrive a moment later). Back and forward leave the
 * browser's own restoration alone.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (!hash) {
      if (navigationType !== 'POP') window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    let frame = 0;
    const deadline = performance.now() + 3000;
    function tryScroll() {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView();
        return;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(tryScroll);
    }
    tryScroll();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, navigationType]);

  return null;
}
