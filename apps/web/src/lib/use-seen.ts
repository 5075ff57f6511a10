import { useEffect, useState } from 'react';

/**
 * True once the element has come within `margin` of the viewport (and stays true): what lies
 * below the fold loads when the reader gets near it, not with the page.
 */
export function useSeen<E extends Element>(margin = '0px') {
  const [element, setElement] = useState<E | null>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, seen, margin]);
  return [setElement, seen] as const;
}
