import { Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { PageHeading } from '#app/components/layout/page-heading.tsx';

export function NotFoundRoute() {
  return (
    <>
      <PageHeading title="Page not found" />
      <Typography sx={{ mb: 3 }}>{MESSAGES.http.notFound}</Typography>
      <Button component={RouterLink} to={WEB_ROUTES.home} variant="contained">
        Go to the home page
      </Button>
    </>
  );
}
