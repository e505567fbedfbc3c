import { useEffect, useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import {
  Box,
  Button,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { DIGITAL_TWIN_MESSAGES } from '@recovery-portal/contract/digital-twin';
import type { MarkerMembership } from '@recovery-portal/contract/digital-twin';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ViewDialog } from '#app/components/ui/view-dialog.tsx';
import { VisuallyHidden } from '#app/components/ui/visually-hidden.tsx';
import type { DataTableColumn } from '#app/components/ui/data-table.tsx';
import { ApiError } from '#app/lib/api/api-error.ts';
import { formatDate, MEDIUM_DATE_FORMAT, toApiDate } from '#app/lib/format.ts';
import { useNotify } from '#app/lib/notify.ts';
import type { Notify } from '#app/lib/notify.ts';
import { useDigitalTwin } from '#app/features/digital-twin/api/get-digital-twin.ts';
import { useMarkerSegmentLive } from '#app/features/digital-twin/api/get-marker-segment-live.ts';
import { DayPicker } from './day-picker';

export const DIGITAL_TWIN_TEXTS = {
  copy: 'Copy to clipboard',
  copied: 'Copied to clipboard',
  copyFailed: 'Could not copy to clipboard',
  unavailable: 'The digital twin could not be loaded.',
} as const;

const TABS = ['Profile', 'Marker Membership', 'Segments'] as const;
type TabName = (typeof TABS)[number];

const dash = (value: string | null) => (value ? value : '-');

const MEMBERSHIP_COLUMNS: readonly DataTableColumn<MarkerMembership>[] = [
  { id: 'type', header: 'Type', cell: (row) => dash(row.type) },
  { id: 'topic', header: 'Topic', cell: (row) => dash(row.topic) },
  { id: 'marker', header: 'Marker', cell: (row) => dash(row.marker_name) },
  {
    id: 'from',
    header: 'From',
    cell: (row) => formatDate(row.from, MEDIUM_DATE_FORMAT),
    sx: { whiteSpace: 'nowrap' },
  },
  {
    id: 'to',
    header: 'Expiry Date',
    cell: (row) => formatDate(row.to, MEDIUM_DATE_FORMAT),
    sx: { whiteSpace: 'nowrap' },
  },
];

type DigitalTwinDialogProps = { participantId: number; open: boolean; onClose: () => void };

/**
 * Spec §2 'Digital Twin dialog' (1000px, 90vh, at least 800px): the twin as JSON, and the marker
 * memberships and segments of a chosen day.
 */
export function DigitalTwinDialog({ participantId, open, onClose }: DigitalTwinDialogProps) {
  const titleId = useId();
  return (
    <ViewDialog
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      maxWidth={false}
      // Spec: 1000px wide and at least 800px, but never wider than the screen (ADR 0024): on a
      // phone or tablet it takes the viewport less the dialog's margins.
      paperSx={{
        width: 1000,
        height: '90vh',
        minWidth: { xs: 0, md: 800 },
        maxWidth: 'calc(100vw - 32px)',
        m: 2,
      }}
    >
      <DialogTitle id={titleId}>Digital Twin</DialogTitle>
      {/* Mounted only while open, so nothing is fetched for a closed dialog. */}
      {open && <DigitalTwinContent participantId={participantId} />}
    </ViewDialog>
  );
}

function DigitalTwinContent({ participantId }: { participantId: number }) {
  const baseId = useId();
  const [tab, setTab] = useState<TabName>('Profile');
  const [day, setDay] = useState(() => toApiDate());
  // One call feeds both day tabs; it waits until one of them is opened.
  const live = useMarkerSegmentLive(participantId, day, tab !== 'Profile');
  const notify = useNotify();
  // The modal hides the rest of the page from assistive technology, snackbars included, so the
  // dialog repeats its messages in a live region of its own.
  const [announcement, setAnnouncement] = useState('');
  const announce = useMemo(
    () => ({
      success: (message: string) => {
        notify.success(message);
        setAnnouncement(message);
      },
      error: (message: string) => {
        notify.error(message);
        setAnnouncement(message);
      },
    }),
    [notify],
  );
  useEffect(() => {
    if (live.isError) announce.error(MESSAGES.digitalTwin.membershipFetchError);
  }, [live.isError, live.errorUpdatedAt, announce]);
  const dayView = { live, day, onDayChange: setDay };
  const tabId = (name: TabName) => `${baseId}-tab-${TABS.indexOf(name)}`;
  const panelId = (name: TabName) => `${baseId}-panel-${TABS.indexOf(name)}`;
  const panel = (name: TabName, children: ReactNode) => (
    <Box
      role="tabpanel"
      id={panelId(name)}
      aria-labelledby={tabId(name)}
      hidden={tab !== name}
      sx={{ pt: 2 }}
    >
      {tab === name && children}
    </Box>
  );
  return (
    <DialogContent dividers sx={{ pt: 0 }}>
      <Tabs
        value={tab}
        onChange={(_, value: TabName) => setTab(value)}
        aria-label="Digital twin views"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={name}
            id={tabId(name)}
            aria-controls={panelId(name)}
          />
        ))}
      </Tabs>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      {panel('Profile', <TwinProfile participantId={participantId} notify={announce} />)}
      {panel('Marker Membership', <DayView {...dayView} view="markers" />)}
      {panel('Segments', <DayView {...dayView} view="segments" />)}
    </DialogContent>
  );
}

/** Spec §8: a failed twin load is silent — loading stops and no error toast is shown. */
function TwinProfile({ participantId, notify }: { participantId: number; notify: Notify }) {
  const twin = useDigitalTwin(participantId);
  if (twin.isPending) return <Typography>{DIGITAL_TWIN_MESSAGES.loading}</Typography>;
  if (twin.isError) {
    const missing = twin.error instanceof ApiError && twin.error.status === 404;
    return (
      <Typography color="text.secondary">
        {missing ? DIGITAL_TWIN_MESSAGES.notFound : DIGITAL_TWIN_TEXTS.unavailable}
      </Typography>
    );
  }
  const json = JSON.stringify(twin.data, null, 2);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(json);
      notify.success(DIGITAL_TWIN_TEXTS.copied);
    } catch {
      notify.error(DIGITAL_TWIN_TEXTS.copyFailed);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Button
        variant="outlined"
        startIcon={<ContentCopy />}
        onClick={() => void copy()}
        sx={{ alignSelf: 'flex-end' }}
      >
        {DIGITAL_TWIN_TEXTS.copy}
      </Button>
      <Box
        component="pre"
        aria-label="Digital twin JSON"
        tabIndex={0}
        sx={{
          m: 0,
          p: 2,
          borderRadius: 1,
          bgcolor: 'grey.100',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.8125rem',
          overflow: 'auto',
          whiteSpace: 'pre',
        }}
      >
        {json}
      </Box>
    </Box>
  );
}

type DayViewProps = {
  live: ReturnType<typeof useMarkerSegmentLive>;
  day: string;
  onDayChange: (day: string) => void;
  view: 'markers' | 'segments';
};

function DayView({ live, day, onDayChange, view }: DayViewProps) {
  const data = live.isError ? undefined : live.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <DayPicker day={day} onChange={onDayChange} />
      </Box>
      {view === 'markers' ? (
        <DataTable
          label="Marker Membership"
          columns={MEMBERSHIP_COLUMNS}
          rows={data?.markers ?? []}
          getRowId={(row) => row.id}
          loading={live.isPending}
          emptyText={DIGITAL_TWIN_MESSAGES.noMarkers}
          loadingText={DIGITAL_TWIN_MESSAGES.loading}
          stickyHeader
          size="small"
        />
      ) : live.isPending ? (
        <Typography>{DIGITAL_TWIN_MESSAGES.loading}</Typography>
      ) : !data || data.segments.length === 0 ? (
        <Typography>{DIGITAL_TWIN_MESSAGES.noSegments}</Typography>
      ) : (
        <List aria-label="Segments" dense>
          {data.segments.map((segment) => (
            <ListItem key={segment.id} divider>
              <ListItemText primary={segment.name} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
