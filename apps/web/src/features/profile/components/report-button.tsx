import { useId, useState } from 'react';
import { Button } from '@mui/material';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import {
  REPORT_MESSAGES,
  REPORT_PAPER_LABELS,
  REPORT_PAPERS,
} from '@recovery-portal/contract/report';
import type { ReportPaper } from '@recovery-portal/contract/report';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { LazyMenu, LazyMenuItem } from '#app/lib/lazy-mui-menu.tsx';
import { useNotify } from '#app/lib/notify.ts';
import { useDownloadReport } from '#app/features/profile/api/download-report.ts';

/** Report: the participant's printable recovery report as a PDF, on A4 or US Letter (ADR 0019). */
export function ReportButton({ participantId }: { participantId: number }) {
  const notify = useNotify();
  const download = useDownloadReport();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();

  const onChoose = (paper: ReportPaper) => {
    setAnchor(null);
    download.mutate(
      { participantId, paper },
      {
        onSuccess: (fileName) => notify.success(REPORT_MESSAGES.downloaded(fileName), 'snackbar'),
        onError: (error) => notify.error(errorMessage(error) || REPORT_MESSAGES.downloadFailed),
      },
    );
  };

  return (
    <>
      <Button
        id={buttonId}
        variant="outlined"
        startIcon={<PictureAsPdfOutlined />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        loading={download.isPending}
        loadingPosition="start"
      >
        Report
      </Button>
      <LazyMenu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {REPORT_PAPERS.map((paper) => (
          <LazyMenuItem key={paper} onClick={() => onChoose(paper)}>
            PDF on {REPORT_PAPER_LABELS[paper]}
          </LazyMenuItem>
        ))}
      </LazyMenu>
    </>
  );
}
