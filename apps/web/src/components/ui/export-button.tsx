import type { ReactNode } from 'react';
import { Button } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';

/** A list's download button: busy, with a spinner in place of its icon, while the file is made. */
export function ExportButton({
  pending,
  onClick,
  children,
}: {
  pending: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      loading={pending}
      loadingPosition="start"
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
