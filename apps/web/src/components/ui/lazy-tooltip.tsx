import {
  cloneElement,
  lazy,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type {
  FocusEvent,
  FocusEventHandler,
  HTMLAttributes,
  MouseEventHandler,
  PointerEvent,
  ReactElement,
  Ref,
  TouchEventHandler,
} from 'react';
import { Box } from '@mui/material';
import type { TooltipProps } from '@mui/material/Tooltip';
import getReactElementRef from '@mui/utils/getReactElementRef';
import useForkRef from '@mui/utils/useForkRef';
import { LoadWhenOpened } from './deferred';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** The listeners MUI's Tooltip puts on its control. */
type HintListeners = {
  onMouseOver?: MouseEventHandler<HTMLElement>;
  onMouseLeave?: MouseEventHandler<HTMLElement>;
  onMouseMove?: MouseEventHandler<HTMLElement>;
  onFocus?: FocusEventHandler<HTMLElement>;
  onBlur?: FocusEventHandler<HTMLElement>;
  onTouchStart?: TouchEventHandler<HTMLElement>;
  onTouchEnd?: TouchEventHandler<HTMLElement>;
};

/** What else the Tooltip puts on its control: its name or description (`aria-*`, `title`). */
type HintAttributes = {
  title?: string | null;
  [attribute: `aria-${string}` | `data-${string}`]: string | number | boolean | null | undefined;
};

type ControlProps = Omit<HTMLAttributes<HTMLElement>, 'title'> &
  HintAttributes & { ref?: Ref<HTMLElement> };

/** The pointer or keyboard arrival that asked for the hint before its code had come. */
type Arrival =
  | { kind: 'pointer'; event: PointerEvent<HTMLElement> }
  | { kind: 'focus'; event: FocusEvent<HTMLElement> };

type LazyTooltipProps = Omit<TooltipProps, 'children'> & { children: ReactElement<ControlProps> };

/**
 * MUI's Tooltip, whose code (with Popper and its transition) loads when the pointer or the
 * keyboard first reaches the control, so a page's first load does not carry it (DESIGN §7).
 * The control is drawn at once and never drawn anew: the Tooltip mounts beside it and works it
 * through a stand-in child, so a click or tap during the load still lands. Until then the
 * control carries the name or description the Tooltip would give it, so screen readers hear the
 * same; once loaded, the hint shows for the arrival that asked for it.
 */
export function LazyTooltip({ children, ...tooltip }: LazyTooltipProps) {
  const [wanted, setWanted] = useState(false);
  const [ready, setReady] = useState(false);
  const [control, setControl] = useState<HTMLElement | null>(null);
  const [attributes, setAttributes] = useState<HintAttributes>({});
  const listeners = useRef<HintListeners>({});
  const arrival = useRef<Arrival | null>(null);
  const ref = useForkRef(getReactElementRef(children), setControl);

  const receive = useCallback((given: HintListeners, next: HintAttributes) => {
    listeners.current = given;
    setAttributes((was) => (sameAttributes(was, next) ? was : next));
    setReady(true);
  }, []);

  // Runs once the Tooltip holds the control (its listeners then know their anchor).
  useEffect(() => {
    if (!ready) return;
    const first = arrival.current;
    arrival.current = null;
    if (first?.kind === 'pointer') listeners.current.onMouseOver?.(first.event);
    if (first?.kind === 'focus') listeners.current.onFocus?.(first.event);
  }, [ready]);

  // The listeners sit on a box-less wrapper, which the control's events bubble through, so the
  // control itself only ever gains the name or description.
  return (
    <Box
      component="span"
      sx={{ display: 'contents' }}
      onMouseOver={(event) => listeners.current.onMouseOver?.(event)}
      onMouseLeave={(event) => listeners.current.onMouseLeave?.(event)}
      onMouseMove={(event) => listeners.current.onMouseMove?.(event)}
      onFocus={(event) => {
        if (!ready) arrival.current = { kind: 'focus', event };
        setWanted(true);
        listeners.current.onFocus?.(event);
      }}
      onBlur={(event) => {
        if (arrival.current?.kind === 'focus') arrival.current = null;
        listeners.current.onBlur?.(event);
      }}
      onTouchStart={(event) => listeners.current.onTouchStart?.(event)}
      onTouchEnd={(event) => listeners.current.onTouchEnd?.(event)}
      onPointerEnter={(event) => {
        // On a touch screen the hint waits for a long press, which MUI's own listeners see.
        if (!ready && event.pointerType !== 'touch') arrival.current = { kind: 'pointer', event };
        setWanted(true);
      }}
      onPointerLeave={() => {
        if (arrival.current?.kind === 'pointer') arrival.current = null;
      }}
    >
      {cloneElement(children, {
        ...(ready ? attributes : attributesBeforeLoad(tooltip)),
        ...children.props,
        ref,
      })}
      <LoadWhenOpened open={wanted}>
        {control ? (
          <Tooltip {...tooltip}>
            <StandIn control={control} onReceive={receive} />
          </Tooltip>
        ) : null}
      </LoadWhenOpened>
    </Box>
  );
}

type StandInProps = HintListeners & {
  control: HTMLElement;
  onReceive: (listeners: HintListeners, attributes: HintAttributes) => void;
  ref?: Ref<HTMLElement>;
  className?: string;
};

/**
 * The Tooltip's child: it draws nothing, points the Tooltip at the real control and hands over
 * the listeners and attributes the Tooltip gives it. The Tooltip adds no class name.
 */
function StandIn({
  control,
  onReceive,
  ref,
  className: _className,
  onMouseOver,
  onMouseLeave,
  onMouseMove,
  onFocus,
  onBlur,
  onTouchStart,
  onTouchEnd,
  ...attributes
}: StandInProps & HintAttributes) {
  useImperativeHandle(ref, () => control, [control]);
  useLayoutEffect(() =>
    onReceive(
      { onMouseOver, onMouseLeave, onMouseMove, onFocus, onBlur, onTouchStart, onTouchEnd },
      attributes,
    ),
  );
  return null;
}

function attributesBeforeLoad({ title, describeChild }: Omit<TooltipProps, 'children'>) {
  if (typeof title !== 'string') return {};
  return describeChild ? { title } : { 'aria-label': title };
}

function sameAttributes(a: HintAttributes, b: HintAttributes): boolean {
  const names = Object.keys(a);
  const other: Record<string, unknown> = b;
  return (
    names.length === Object.keys(b).length &&
    Object.entries(a).every(([name, value]) => other[name] === value)
  );
}
