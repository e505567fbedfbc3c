import { useState } from 'react';
import { Box, ToggleButton, Typography } from '@mui/material';
import Check from '@mui/icons-material/Check';
import { MEASUREMENT_SOURCES, unitLabel } from '@recovery-portal/contract/measurements';
import type { LabBySource, Labs } from '@recovery-portal/contract/telemetry';
import { averageGlucoseBySource } from '#app/lib/clinical.ts';
import { formatNumber } from '#app/lib/format.ts';
import { useTelemetry } from '#app/features/telemetry/api/get-telemetry.ts';
import {
  ALL_LAB_SOURCES,
  LAB_SOURCE_LABELS,
  labTileReading,
  toggleLabSource,
} from '#app/features/telemetry/labs.ts';
import type { LabSources } from '#app/features/telemetry/labs.ts';
import { CardFrame, CardStatus, TileGroups } from './card-frame';
import { MetricTile } from './metric-tile';

type LabTileSpec = { label: string; decimals: number; read: (labs: Labs) => LabBySource };
type LabGroupSpec = { title: string; tiles: LabTileSpec[] };

/** Spec §2 'Labs & Vitals': the groups and tiles, in order. */
const LAB_GROUPS: readonly LabGroupSpec[] = [
  {
    title: 'Blood Pressure',
    tiles: [
      { label: 'Systolic', decimals: 0, read: (labs) => labs.blood_pressure.systolic },
      { label: 'Diastolic', decimals: 0, read: (labs) => labs.blood_pressure.diastolic },
    ],
  },
  {
    title: 'Blood Glucose',
    tiles: [
      {
        label: 'Avg Glucose',
        decimals: 0,
        // The server's estimate where it sent one, else derived here from HbA1c (lib/clinical).
        read: (labs) =>
          averageGlucoseBySource(labs.blood_glucose.avg_glucose, labs.blood_glucose.hba1c),
      },
      { label: 'Glucose (Min)', decimals: 0, read: (labs) => labs.blood_glucose.glucose_min },
      { label: 'HbA1c', decimals: 1, read: (labs) => labs.blood_glucose.hba1c },
    ],
  },
  {
    title: 'Cholesterol',
    tiles: [
      { label: 'HDL', decimals: 0, read: (labs) => labs.cholesterol.hdl },
      { label: 'LDL', decimals: 0, read: (labs) => labs.cholesterol.ldl },
      { label: 'Triglycerides', decimals: 0, read: (labs) => labs.cholesterol.triglycerides },
      { label: 'Total', decimals: 0, read: (labs) => labs.cholesterol.total },
    ],
  },
];

/** Labs & Vitals (spec §2): stored HOME and CLINIC readings, filtered by source. */
export function LabsVitalsCard({ participantId }: { participantId: number }) {
  const telemetry = useTelemetry(participantId);
  const [sources, setSources] = useState<LabSources>(ALL_LAB_SOURCES);

  return (
    <CardFrame
      titleId="labs-vitals-title"
      title="Labs & Vitals"
      actions={
        <SourceFilters
          sources={sources}
          onToggle={(s) => setSources(toggleLabSource(sources, s))}
        />
      }
    >
      {telemetry.data ? (
        <TileGroups
          groups={LAB_GROUPS}
          renderTile={(spec) => {
            const { reading, dimmed } = labTileReading(spec.read(telemetry.data.labs), sources);
            return (
              <MetricTile
                key={spec.label}
                label={spec.label}
                value={reading ? formatNumber(reading.value, spec.decimals) : null}
                unit={reading ? unitLabel(reading.unit) : ''}
                date={reading?.date ?? null}
                insight={reading?.insight ?? null}
                source={reading ? LAB_SOURCE_LABELS[reading.source_identifier] : undefined}
                dimmed={dimmed}
              />
            );
          }}
        />
      ) : (
        <CardStatus query={telemetry} what="labs and vitals" />
      )}
    </CardFrame>
  );
}

function SourceFilters({
  sources,
  onToggle,
}: {
  sources: LabSources;
  onToggle: (source: (typeof MEASUREMENT_SOURCES)[number]) => void;
}) {
  return (
    <Box
      role="group"
      aria-labelledby="labs-sources-label"
      sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
    >
      <Typography id="labs-sources-label" variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
        Show readings from
      </Typography>
      {MEASUREMENT_SOURCES.map((source) => (
        <ToggleButton
          key={source}
          value={source}
          size="small"
          color="primary"
          selected={sources[source]}
          onChange={() => onToggle(source)}
          sx={{ px: 1.5, py: 0.5, gap: 0.5 }}
        >
          {sources[source] ? <Check fontSize="small" aria-hidden="true" /> : null}
          {LAB_SOURCE_LABELS[source]}
        </ToggleButton>
      ))}
    </Box>
  );
}
