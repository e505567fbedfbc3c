import { lazy } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog';
import { LoadWhenOpened } from './deferred';

const ConfirmDialog = lazy(async () => ({
  default: (await import('./confirm-dialog')).ConfirmDialog,
}));

/**
 * The yes/no question, whose dialog code (MUI's Dialog, Modal and transitions) loads when it
 * first opens, so that a page with a Delete or Suspend button does not carry it (DESIGN §7).
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  return (
    <LoadWhenOpened open={props.open}>
      <ConfirmDialog {...props} />
    </LoadWhenOpened>
  );
}
