import { Suspense, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/** How far beyond the viewport a part starts loading: about a screen of scrolling ahead. */
const NEAR_VIEWPORT_MARGIN = '600px 0px';

/**
 * A heavy part of a long page (a chart and its library) that loads once it comes near the
 * viewport (DESIGN §7). Until then, and while its code arrives, `placeholder` stands in; it has
 * the part's height, so nothing on screen moves when the part arrives. Without
 * IntersectionObserver the part loads at once.
 */
export function LoadWhenNear({
  placeholder,
  children,
}: {
  placeholder: ReactNode;
  children: ReactNode;
}) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (near || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={ref}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}

/**
 * A part behind a click (a dialog) whose code loads when it first opens (DESIGN §7), and which
 * then stays mounted so that it closes with its own transition.
 */
export function LoadWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  // Derived state: set while rendering, the first time `open` turns true.
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
