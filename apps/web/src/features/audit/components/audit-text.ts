import type { AuditLogEntry } from '@recovery-portal/contract/audit';

/** Who or what a row is about: the user's name and email while they exist, else type and id. */
export function subjectText(entry: AuditLogEntry): string {
  if (entry.subject_name) return entry.subject_name;
  if (!entry.subject_type) return '-';
  // 'participant_list' reads as 'Participant list'.
  const type = entry.subject_type.replaceAll('_', ' ');
  const readable = `${type.charAt(0).toUpperCase()}${type.slice(1)}`;
  return entry.subject_id === null ? readable : `${readable} ${entry.subject_id}`;
}

/** The details JSON on one line, as text. */
export function detailsText(entry: AuditLogEntry): string {
  return entry.details ? JSON.stringify(entry.details) : '-';
}

/** For a row folding refusals of one address in one minute: how many; null for a single call. */
export function repeatText(entry: AuditLogEntry): string | null {
  return entry.count > 1 ? `${entry.count} times from this address in that minute` : null;
}
