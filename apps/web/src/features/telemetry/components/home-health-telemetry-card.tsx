import { lazy, Suspense, useId, useState } from 'react';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import ShowChart from '@mui/icons-material/ShowChart';
import { DATE_FORMATS, formatDate } from '#app/lib/format.ts';
import { useTelemetry } from '#app/features/telemetry/api/get-telemetry.ts';
import { telemetryTileGroups } from '#app/features/telemetry/telemetry-tiles.ts';
import { CardFrame, CardStatus, TileGroups } from './card-frame';
import { MetricTile } from './metric-tile';

// The charts (and their library) load only when the clinician opens the detail view.
const TelemetryDetailView = lazy(async () => ({
  default: (await import('./telemetry-detail-view')).TelemetryDetailView,
}));

/** Home Health Telemetry (spec §2): the tiles, and a button that opens the trend charts. */
export function HomeHealthTelemetryCard({ participantId }: { participantId: number }) {
  const telemetry = useTelemetry(participantId);
  const [detailOpen, setDetailOpen] = useState(false);
  const detailId = useId();
  const data = telemetry.data;

  return (
    <CardFrame
      titleId="home-health-telemetry-title"
      title="Home Health Telemetry"
      subtitle={data ? `As of ${formatDate(data.current_run_date, DATE_FORMATS.reading)}` : null}
      actions={
        data ? (
          <Button
            variant={detailOpen ? 'contained' : 'outlined'}
            startIcon={<ShowChart />}
            aria-expanded={detailOpen}
            aria-controls={detailOpen ? detailId : undefined}
            onClick={() => setDetailOpen((open) => !open)}
          >
            {detailOpen ? 'Hide details' : 'View details'}
          </Button>
        ) : null
      }
    >
      {data ? (
        <>
          <TileGroups
            groups={telemetryTileGroups(data)}
            renderTile={(tile) => (
              <MetricTile
                key={tile.key}
                label={tile.label}
                value={tile.value}
                unit={tile.unit}
                date={tile.date}
                insight={tile.insight}
                isNew={tile.isNew}
              />
            )}
          />
          {detailOpen ? (
            <Box id={detailId} sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
              <Suspense
                fallback={
                  <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                    <CircularProgress size={20} aria-hidden="true" />
                    <Typography>Loading charts...</Typography>
                  </Box>
                }
              >
                <TelemetryDetailView
                  participantId={participantId}
                  dateString={data.current_run_date}
                />
              </Suspense>
            </Box>
          ) : null}
        </>
      ) : (
        <CardStatus query={telemetry} what="telemetry" />
      )}
    </CardFrame>
  );
}
