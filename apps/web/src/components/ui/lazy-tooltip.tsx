import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ReactElement,
  type RefObject,
} from 'react';
import { Box } from '@mui/material';

// MUI's Tooltip brings Popper; a hint is needed only once the pointer or the keyboard reaches
// its control, so it loads then, not with the page (DESIGN §7).
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * A hover or focus hint for a control that names itself (an aria-label), so the control is
 * labelled before the hint's code arrives. The control is drawn again inside the tooltip once
 * it has loaded; a control that had the focus gets it back.
 */
export function LazyTooltip({ title, children }: { title: string; children: ReactElement }) {
  const [wanted, setWanted] = useState<'pointer' | 'focus' | null>(null);
  const box = useRef<HTMLSpanElement>(null);
  return (
    <Box
      component="span"
      ref={box}
      sx={{ display: 'contents' }}
      onPointerEnter={() => setWanted((was) => was ?? 'pointer')}
      onFocus={() => setWanted((was) => was ?? 'focus')}
    >
      {wanted === null ? (
        children
      ) : (
        <Suspense fallback={children}>
          <Tooltip title={title}>{children}</Tooltip>
          {wanted === 'focus' && <Refocus box={box} />}
        </Suspense>
      )}
    </Box>
  );
}

/** Gives the focus back to the control drawn again inside the tooltip. */
function Refocus({ box }: { box: RefObject<HTMLSpanElement | null> }) {
  useEffect(() => {
    const control = box.current?.firstElementChild;
    if (control instanceof HTMLElement) control.focus();
  }, [box]);
  return null;
}
