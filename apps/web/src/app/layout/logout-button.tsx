import { Button } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout } from '#app/features/account/api/logout.ts';

export function LogoutButton() {
  const logoutMutation = useLogout();
  return (
    <Button
      color="inherit"
      variant="outlined"
      startIcon={<LogoutIcon />}
      loading={logoutMutation.isPending}
      onClick={() => logoutMutation.mutate()}
    >
      Logout
    </Button>
  );
}
