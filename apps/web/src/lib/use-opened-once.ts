import { useState } from 'react';

/**
 * True from the first time `open` is true on. A dialog whose code loads when first needed mounts
 * then, and stays mounted so that closing it still plays its exit transition (DESIGN §7).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
