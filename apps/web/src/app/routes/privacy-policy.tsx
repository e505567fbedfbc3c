import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { PageHeading } from '#app/components/layout/page-heading.tsx';

/**
 * A short, plain notice of what the programme does with personal data. The clinic running the
 * programme is responsible for the data and answers questions about it.
 */
export function PrivacyPolicyRoute() {
  return (
    <Box component="article" sx={{ maxWidth: 720, mx: 'auto', '& p': { mb: 2 } }}>
      <PageHeading title="Privacy Policy" />
      <Typography>
        The recovery programme is run by your clinic. This notice explains, in short, what
        information the programme keeps about you and why.
      </Typography>

      <Typography variant="h2" sx={{ mb: 1.5 }}>
        What we keep
      </Typography>
      <Typography>
        Your name, email address and phone number; what you record in the mobile app, such as
        surveys, pain scores, health measurements and activity; your conversations with the coach;
        the reminders (nudges) you receive and your feedback on them; and when you use the app.
      </Typography>

      <Typography variant="h2" sx={{ mb: 1.5 }}>
        Why we keep it
      </Typography>
      <Typography>
        To run your recovery programme, to let your care team follow your progress and contact you,
        and to keep the service secure.
      </Typography>

      <Typography variant="h2" sx={{ mb: 1.5 }}>
        Who can see it
      </Typography>
      <Typography>
        The clinicians and administrators of your programme. Every time staff read or change your
        information, this is recorded. Your information is not sold.
      </Typography>

      <Typography variant="h2" sx={{ mb: 1.5 }}>
        Deleting your data
      </Typography>
      <Typography>
        You can delete your account from the mobile app at any time; see{' '}
        <Link component={RouterLink} to={WEB_ROUTES.howToDeleteAccount}>
          how to delete your account
        </Link>
        .
      </Typography>

      <Typography variant="h2" sx={{ mb: 1.5 }}>
        Questions
      </Typography>
      <Typography>
        For questions about your information, or to ask for a copy of it, contact your care team at
        the clinic that invited you to the programme.
      </Typography>
    </Box>
  );
}
