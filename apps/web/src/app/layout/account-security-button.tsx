import { lazy, Suspense, useState } from 'react';
import { IconButton } from '@mui/material';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import type { SessionUser } from '@recovery-portal/contract/users';
import { LazyTooltip } from '#app/components/ui/lazy-tooltip.tsx';

// The dialog and its forms load the first time it is opened.
const AccountSecurityDialog = lazy(async () => ({
  default: (await import('#app/features/mfa/components/account-security-dialog.tsx'))
    .AccountSecurityDialog,
}));

/** The header's way to the signed-in staff member's sign-in security (two-step sign-in). */
export function AccountSecurityButton({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <LazyTooltip title="Sign-in security">
        <IconButton
          color="inherit"
          aria-label="Sign-in security"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <SecurityOutlined />
        </IconButton>
      </LazyTooltip>
      {opened ? (
        <Suspense fallback={null}>
          <AccountSecurityDialog
            open={open}
            onClose={() => setOpen(false)}
            accountName={user.user_name}
          />
        </Suspense>
      ) : null}
    </>
  );
}
