import { describe, expect, it } from 'vitest';
import type { ProfileNudge } from '@recovery-portal/contract/profile';
import { stepNudgeIndex, toProfileNudgeRows } from './profile-nudges';

const nudge = (id: number, target_date: string): ProfileNudge => ({
  id,
  title: `Nudge ${id}`,
  content: 'Content',
  target_date,
  send_time: '09:00',
  tracking_type: 'ACTIVE',
  feedback_type: null,
  feedback_type_string: '',
  opened_at: null,
});

describe('nudges on the profile', () => {
  it('are shown in reverse of server order and numbered by their position after reversal', () => {
    const rows = toProfileNudgeRows([
      nudge(501, '2025-03-01'),
      nudge(502, '2025-03-02'),
      nudge(503, '2025-03-03'),
    ]);
    expect(rows.map((row) => [row.id, row.nudge_id, row.target_date])).toEqual([
      [0, 503, '2025-03-03'],
      [1, 502, '2025-03-02'],
      [2, 501, '2025-03-01'],
    ]);
  });

  it('a missing list is an empty one', () => {
    expect(toProfileNudgeRows(undefined)).toEqual([]);
    expect(toProfileNudgeRows(null)).toEqual([]);
  });

  it('the dialog index moves by one and stays between the first and the last nudge', () => {
    expect(stepNudgeIndex(0, 1, 3)).toBe(1);
    expect(stepNudgeIndex(2, -1, 3)).toBe(1);
    expect(stepNudgeIndex(0, -1, 3)).toBe(0);
    expect(stepNudgeIndex(2, 1, 3)).toBe(2);
    expect(stepNudgeIndex(7, 0, 3)).toBe(2);
    expect(stepNudgeIndex(0, 1, 0)).toBe(0);
  });
});
