import { Button, IconButton, useMediaQuery, useTheme } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout } from '#app/features/account/api/logout.ts';
import { LazyTooltip } from '#app/components/ui/lazy-tooltip.tsx';

/** Spec §1: the header's logout button; an icon with the same name on a phone's one bar. */
export function LogoutButton() {
  const logoutMutation = useLogout();
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'));
  if (compact) {
    return (
      <LazyTooltip title="Logout">
        <IconButton
          color="inherit"
          aria-label="Logout"
          loading={logoutMutation.isPending}
          onClick={() => logoutMutation.mutate()}
        >
          <LogoutIcon />
        </IconButton>
      </LazyTooltip>
    );
  }
  return (
    <Button
      color="inherit"
      variant="outlined"
      startIcon={<LogoutIcon />}
      loading={logoutMutation.isPending}
      onClick={() => logoutMutation.mutate()}
      sx={{ flexShrink: 0 }}
    >
      Logout
    </Button>
  );
}
