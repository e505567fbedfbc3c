import { averageGlucoseFromHba1c } from '@recovery-portal/contract/measurements';
import type { MeasurementSource } from '@recovery-portal/contract/measurements';
import type { LabBySource, LabMeasure } from '@recovery-portal/contract/telemetry';
import { formatNumber } from './format';

/** Spec §9: BMI is shown with 2 decimals, weight with none. */
export const BMI_DECIMALS = 2;
export const WEIGHT_DECIMALS = 0;

export function formatBmi(bmi: number | null | undefined): string {
  return formatNumber(bmi, BMI_DECIMALS);
}

export function formatWeight(kg: number | null | undefined): string {
  return formatNumber(kg, WEIGHT_DECIMALS);
}

/** The glucose UCUM unit the server stores estimated averages in. */
const GLUCOSE_UNIT = 'mg/dL';

/** An average-glucose reading estimated from one HbA1c reading (spec §9 formula). */
export function averageGlucoseFromHba1cReading(hba1c: LabMeasure): LabMeasure {
  return {
    ...hba1c,
    value: averageGlucoseFromHba1c(hba1c.value),
    unit: GLUCOSE_UNIT,
    plot_value: hba1c.plot_value.map((point) => ({
      key: point.key,
      value: averageGlucoseFromHba1c(point.value),
    })),
  };
}

/**
 * The Avg Glucose tile's readings. The server already estimates them from HbA1c with the same
 * contract formula, so its value is used as sent; only a source where it sent none but has an
 * HbA1c reading is derived here, so the tile never says 'No data' beside a known HbA1c.
 */
export function averageGlucoseBySource(avg: LabBySource, hba1c: LabBySource): LabBySource {
  const pick = (source: MeasurementSource): LabMeasure | null => {
    const fromServer = avg[source];
    if (fromServer) return fromServer;
    const reading = hba1c[source];
    return reading ? averageGlucoseFromHba1cReading(reading) : null;
  };
  return { HOME: pick('HOME'), CLINIC: pick('CLINIC') };
}
