import { describe, expect, it } from 'vitest';
import { flagFixture } from './flag-fixtures';
import { flagsByRelevance } from './flag-order';

const at = (day: number) => new Date(Date.UTC(2026, 2, day, 9)).toISOString();

describe('flags by relevance', () => {
  it('puts open flags first, the most severe first and the newest within a severity, then the latest acknowledged', () => {
    const flags = [
      flagFixture({
        id: 1,
        status: 'ACKNOWLEDGED',
        severity: 'CRITICAL',
        acknowledged_at: at(2),
      }),
      flagFixture({ id: 2, severity: 'MODERATE', detected_at: at(20) }),
      flagFixture({ id: 3, severity: 'CRITICAL', detected_at: at(3) }),
      flagFixture({ id: 4, severity: 'HIGH', detected_at: at(10) }),
      flagFixture({ id: 5, severity: 'CRITICAL', detected_at: at(9) }),
      flagFixture({
        id: 6,
        status: 'ACKNOWLEDGED',
        severity: 'MODERATE',
        acknowledged_at: at(8),
      }),
    ];
    expect(flagsByRelevance(flags).map((flag) => flag.id)).toEqual([5, 3, 4, 2, 6, 1]);
    // The list it was given is left as it was.
    expect(flags.map((flag) => flag.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
