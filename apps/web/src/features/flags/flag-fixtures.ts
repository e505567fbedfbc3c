import type { Flag } from '@recovery-portal/contract/flags';

/** A conversation flag as the API answers it; tests override what they look at. */
export function flagFixture(overrides: Partial<Flag> = {}): Flag {
  return {
    id: 31,
    user_id: 7,
    first_name: 'Jane',
    last_name: 'Doe',
    birth_date: '1961-03-02',
    mrn: 'K-0042',
    source: 'CONVERSATION',
    severity: 'CRITICAL',
    rule: 'chest-pain',
    finding: 'Chest pain',
    matched_text: 'Actually, I had some chest pain last night climbing the stairs.',
    value: null,
    conversation_id: 44,
    message_index: 3,
    // Built from local time so the shown time does not depend on the machine's time zone.
    detected_at: new Date(2026, 2, 14, 18, 5).toISOString(),
    status: 'OPEN',
    acknowledged_at: null,
    acknowledged_by: null,
    acknowledgement_note: null,
    ...overrides,
  };
}
