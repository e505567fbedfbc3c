import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { PageHeading } from '#app/components/layout/page-heading.tsx';

/** Public help for participants (spec §2 'Public delete-account help page'). */
export function HowToDeleteAccountRoute() {
  return (
    <Box component="article" sx={{ maxWidth: 720, mx: 'auto' }}>
      <PageHeading title="How to delete your account" />
      <Typography sx={{ mb: 2 }}>
        You can delete your account yourself from within the mobile app:
      </Typography>
      <Box component="ol" sx={{ mb: 3, '& li': { mb: 1 } }}>
        <li>
          <Typography>
            Open the app and go to <strong>Profile</strong>.
          </Typography>
        </li>
        <li>
          <Typography>
            Select <strong>Delete Account</strong>.
          </Typography>
        </li>
        <li>
          <Typography>
            Select <strong>Continue</strong> to confirm.
          </Typography>
        </li>
      </Box>

      <Typography variant="h2" sx={{ mb: 1.5 }}>
        What happens next
      </Typography>
      <Box component="ul" sx={{ mb: 3, '& li': { mb: 1 } }}>
        <li>
          <Typography>Deleting your account is irreversible: it cannot be undone.</Typography>
        </li>
        <li>
          <Typography>Deletion of your data may take up to 90 days to complete.</Typography>
        </li>
        <li>
          <Typography>
            Copies in backups and de-identified logs may remain after your account is deleted.
          </Typography>
        </li>
        <li>
          <Typography>
            Some data may be kept where the law requires it or to prevent fraud and abuse.
          </Typography>
        </li>
      </Box>

      <Typography>
        To learn how your data is handled, read our{' '}
        <Link component={RouterLink} to={WEB_ROUTES.privacyPolicy}>
          Privacy Policy
        </Link>
        .
      </Typography>
    </Box>
  );
}
