import { Button, IconButton, Tooltip, useMediaQuery, useTheme } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout } from '#app/features/account/api/logout.ts';

/** Spec §1: the header's logout button; an icon with the same name on a phone's one bar. */
export function LogoutButton() {
  const logoutMutation = useLogout();
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'));
  if (compact) {
    return (
      <Tooltip title="Logout">
        <IconButton
          color="inherit"
          aria-label="Logout"
          loading={logoutMutation.isPending}
          onClick={() => logoutMutation.mutate()}
        >
          <LogoutIcon />
        </IconButton>
      </Tooltip>
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
