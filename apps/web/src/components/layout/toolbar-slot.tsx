import { createContext, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Box } from '@mui/material';
import type { BoxProps } from '@mui/material';

/**
 * The layout owns the toolbar row under the main menu, while each screen decides what goes in
 * it (spec §1: "a toolbar that changes with the selected menu"). Screens render <PageToolbar>,
 * which portals into the element the layout registered with <ToolbarSlotTarget>.
 */
type ToolbarSlot = {
  target: HTMLElement | null;
  setTarget: (element: HTMLElement | null) => void;
};

const ToolbarSlotContext = createContext<ToolbarSlot>({ target: null, setTarget: () => {} });

export function ToolbarSlotProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const value = useMemo(() => ({ target, setTarget }), [target]);
  return <ToolbarSlotContext value={value}>{children}</ToolbarSlotContext>;
}

export function ToolbarSlotTarget(props: Omit<BoxProps, 'ref'>) {
  const { setTarget } = useContext(ToolbarSlotContext);
  return <Box {...props} ref={setTarget} />;
}

/** Puts its children in the layout's toolbar row; renders nothing where no layout provides one. */
export function PageToolbar({ children }: { children: ReactNode }) {
  const { target } = useContext(ToolbarSlotContext);
  return target ? createPortal(children, target) : null;
}
