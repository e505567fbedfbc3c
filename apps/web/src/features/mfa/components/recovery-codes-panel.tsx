import { useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import { formatRecoveryCode } from '@recovery-portal/contract/mfa';
import { saveFile } from '#app/lib/save-file.ts';

/**
 * New recovery codes, shown once: the server keeps only their hashes. Each signs in once when
 * the phone is not at hand; copying or downloading them is the way to keep them.
 */
export function RecoveryCodesPanel({
  codes,
  accountName,
}: {
  codes: readonly string[];
  accountName: string;
}) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const text = codes.map(formatRecoveryCode).join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  const download = () => {
    const file = `Recovery Portal recovery codes for ${accountName}\nEach code signs in once.\n\n${text}\n`;
    saveFile(new Blob([file], { type: 'text/plain' }), 'recovery-portal-recovery-codes.txt');
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Alert severity="warning">
        Save these recovery codes now: they are shown only once. Each one signs you in a single time
        if you lose your phone.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          display: 'grid',
          // Two columns where they fit, one on a phone; a code never breaks across lines.
          gridTemplateColumns: 'repeat(auto-fill, minmax(10em, 1fr))',
          whiteSpace: 'nowrap',
          gap: 1,
          m: 0,
          p: 1.5,
          listStyle: 'none',
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: '1rem',
          textAlign: 'center',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{formatRecoveryCode(code)}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="outlined" startIcon={<Download />} onClick={download}>
          Download codes
        </Button>
        <Typography
          component="span"
          variant="body2"
          role="status"
          color={copied === 'failed' ? 'error' : 'text.secondary'}
        >
          {copied === 'copied'
            ? 'Copied.'
            : copied === 'failed'
              ? 'Copying is blocked here; download the codes instead.'
              : ''}
        </Typography>
      </Box>
    </Box>
  );
}
