import { Box, Typography } from '@mui/material';
import type { MfaEnrolment } from '@recovery-portal/contract/mfa';

/** The secret in groups of four, easier to type into an app by hand. */
function grouped(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * Step one of setting up two-step sign-in: the QR code to scan, and the same secret as text for
 * an app that cannot scan. The QR code is an image the server rendered.
 */
export function AuthenticatorSetup({ enrolment }: { enrolment: MfaEnrolment }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="body2">
        Scan this QR code with an authenticator app on your phone (for example Google Authenticator,
        Microsoft Authenticator or 1Password), then enter the 6-digit code it shows.
      </Typography>
      <Box
        component="img"
        src={enrolment.qr_code}
        alt={`QR code for ${enrolment.issuer} (${enrolment.account_name}) to scan with an authenticator app. The same key is written out below.`}
        sx={{
          width: 200,
          height: 200,
          alignSelf: 'center',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
        }}
      />
      <Typography variant="body2">Cannot scan it? Enter this key in the app instead:</Typography>
      <Box
        component="code"
        aria-label="Setup key"
        sx={{
          display: 'block',
          p: 1.25,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: '1rem',
          letterSpacing: '0.05em',
          textAlign: 'center',
          // Wraps between the groups of four, never inside one.
          wordSpacing: '0.25em',
          userSelect: 'all',
        }}
      >
        {grouped(enrolment.secret)}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {`Account: ${enrolment.account_name} · Issuer: ${enrolment.issuer} · Time-based, 6 digits, every 30 seconds`}
      </Typography>
    </Box>
  );
}
