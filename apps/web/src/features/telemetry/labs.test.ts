import { describe, expect, it } from 'vitest';
import { ALL_LAB_SOURCES, labTileReading, toggleLabSource } from './labs';
import type { LabSources } from './labs';
import { labReading } from './telemetry-fixtures';

describe('labs and vitals filters', () => {
  it('turning one source off keeps the other on', () => {
    expect(toggleLabSource(ALL_LAB_SOURCES, 'HOME')).toEqual({ HOME: false, CLINIC: true });
    expect(toggleLabSource(ALL_LAB_SOURCES, 'CLINIC')).toEqual({ HOME: true, CLINIC: false });
  });

  it('turning the only active source off forces the other one on', () => {
    const clinicOnly: LabSources = { HOME: false, CLINIC: true };
    expect(toggleLabSource(clinicOnly, 'CLINIC')).toEqual({ HOME: true, CLINIC: false });
    const homeOnly: LabSources = { HOME: true, CLINIC: false };
    expect(toggleLabSource(homeOnly, 'HOME')).toEqual({ HOME: false, CLINIC: true });
    expect(toggleLabSource(homeOnly, 'CLINIC')).toEqual({ HOME: true, CLINIC: true });
  });

  it('at least one source is active after any sequence of clicks', () => {
    let sources: LabSources = ALL_LAB_SOURCES;
    for (const source of ['HOME', 'CLINIC', 'HOME', 'HOME', 'CLINIC', 'CLINIC'] as const) {
      sources = toggleLabSource(sources, source);
      expect(sources.HOME || sources.CLINIC).toBe(true);
    }
  });

  it('a tile shows the newest reading among the active sources', () => {
    const home = labReading('HOME', 120, '2026-03-09');
    const clinic = labReading('CLINIC', 130, '2026-02-20');
    const both = { HOME: home, CLINIC: clinic };
    expect(labTileReading(both, ALL_LAB_SOURCES)).toEqual({ reading: home, dimmed: false });
    expect(labTileReading(both, { HOME: false, CLINIC: true })).toEqual({
      reading: clinic,
      dimmed: false,
    });
    // Same day: the clinic's reading wins.
    const sameDay = { HOME: home, CLINIC: labReading('CLINIC', 128, '2026-03-09') };
    expect(labTileReading(sameDay, ALL_LAB_SOURCES).reading?.value).toBe(128);
  });

  it('a tile whose only source is filtered out is dimmed, and one without data is not', () => {
    const clinic = labReading('CLINIC', 130, '2026-02-20');
    expect(labTileReading({ HOME: null, CLINIC: clinic }, { HOME: true, CLINIC: false })).toEqual({
      reading: clinic,
      dimmed: true,
    });
    expect(labTileReading({ HOME: null, CLINIC: null }, { HOME: true, CLINIC: false })).toEqual({
      reading: null,
      dimmed: false,
    });
  });
});
