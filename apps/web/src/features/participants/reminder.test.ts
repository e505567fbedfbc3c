import { describe, expect, it } from 'vitest';
import { remindAgainInDays, reminderActionOf } from './reminder';

const invited = {
  status: 'PENDING_ACTIVATION',
  can_remind: false,
  last_reminded_at: '2025-03-01T09:00:00.000Z',
  next_remind_date: '2025-03-04T09:00:00.000Z',
} as const;

describe('remind again in N days', () => {
  it('counts the whole days between the last reminder and the next allowed one', () => {
    expect(remindAgainInDays('2025-03-01T09:00:00.000Z', '2025-03-04T09:00:00.000Z')).toBe(3);
    // A part day does not count as a day.
    expect(remindAgainInDays('2025-03-01T09:00:00.000Z', '2025-03-04T08:59:00.000Z')).toBe(2);
  });

  it('never counts below 0 days', () => {
    expect(remindAgainInDays('2025-03-04T09:00:00.000Z', '2025-03-01T09:00:00.000Z')).toBe(0);
    expect(remindAgainInDays('2025-03-04T09:00:00.000Z', '2025-03-04T20:00:00.000Z')).toBe(0);
  });

  it('has nothing to say without a next reminder date', () => {
    expect(remindAgainInDays('2025-03-01T09:00:00.000Z', null)).toBeNull();
    expect(remindAgainInDays(null, null)).toBeNull();
  });

  it('counts from now when no reminder has been recorded yet', () => {
    const now = new Date('2025-03-01T09:00:00.000Z');
    expect(remindAgainInDays(null, '2025-03-06T10:00:00.000Z', now)).toBe(5);
  });
});

describe('the Invited view action', () => {
  it('offers Send Reminder to an invited participant who may be reminded', () => {
    expect(reminderActionOf({ ...invited, can_remind: true })).toEqual({ kind: 'send' });
  });

  it('says when the next reminder is possible, with the spec wording', () => {
    expect(reminderActionOf(invited)).toEqual({ kind: 'wait', text: 'Remind again in 3 Days' });
    expect(reminderActionOf({ ...invited, next_remind_date: '2025-02-27T09:00:00.000Z' })).toEqual({
      kind: 'wait',
      text: 'Remind again in 0 Days',
    });
  });

  it('offers nothing when no reminder is allowed and no date is known', () => {
    expect(reminderActionOf({ ...invited, next_remind_date: null })).toEqual({ kind: 'none' });
    // Only invited participants are reminded, even if the flag says otherwise.
    expect(
      reminderActionOf({
        ...invited,
        status: 'ACTIVATED',
        can_remind: true,
        next_remind_date: null,
      }),
    ).toEqual({ kind: 'none' });
  });
});
