import { MEASUREMENT_SOURCES } from '@recovery-portal/contract/measurements';
import type { MeasurementSource } from '@recovery-portal/contract/measurements';
import type { LabBySource, LabMeasure } from '@recovery-portal/contract/telemetry';

/** Which sources the Labs & Vitals filters let through. */
export type LabSources = Readonly<Record<MeasurementSource, boolean>>;

export const ALL_LAB_SOURCES: LabSources = { HOME: true, CLINIC: true };

export const LAB_SOURCE_LABELS: Record<MeasurementSource, string> = {
  HOME: 'Home',
  CLINIC: 'Clinic',
};

/** Spec §4: turning one filter off forces the other on, so at least one is always active. */
export function toggleLabSource(sources: LabSources, source: MeasurementSource): LabSources {
  const next = { ...sources, [source]: !sources[source] };
  if (!next.HOME && !next.CLINIC) {
    const other: MeasurementSource = source === 'HOME' ? 'CLINIC' : 'HOME';
    next[other] = true;
  }
  return next;
}

export type LabTileReading = {
  /** The reading the tile shows, null when no source has one ('No data'). */
  reading: LabMeasure | null;
  /** True when the tile has readings but every source holding one is filtered out. */
  dimmed: boolean;
};

/** The newest reading of the list; on the same day the clinic's, measured by staff, wins. */
function newest(readings: LabMeasure[]): LabMeasure | null {
  let best: LabMeasure | null = null;
  for (const reading of readings) {
    if (
      best === null ||
      reading.date > best.date ||
      (reading.date === best.date && reading.source_identifier === 'CLINIC')
    ) {
      best = reading;
    }
  }
  return best;
}

/**
 * What a lab tile shows under the filters: the newest reading among the active sources; when
 * only filtered-out sources hold readings, their newest one, dimmed.
 */
export function labTileReading(bySource: LabBySource, sources: LabSources): LabTileReading {
  const held = MEASUREMENT_SOURCES.flatMap((source) => {
    const reading = bySource[source];
    return reading ? [{ source, reading }] : [];
  });
  const active = newest(held.filter(({ source }) => sources[source]).map(({ reading }) => reading));
  if (active) return { reading: active, dimmed: false };
  const filteredOut = newest(held.map(({ reading }) => reading));
  return { reading: filteredOut, dimmed: filteredOut !== null };
}
