import { FLAG_SEVERITIES } from '@recovery-portal/contract/flags';
import type { Flag } from '@recovery-portal/contract/flags';

const rank = (flag: Flag) => FLAG_SEVERITIES.indexOf(flag.severity);

/**
 * A participant's flags, most relevant first: the open ones by severity (the newest first within
 * one), then the acknowledged ones, most recently acknowledged first.
 */
export function flagsByRelevance(flags: readonly Flag[]): Flag[] {
  return [...flags].sort((a, b) => {
    const aOpen = a.status === 'OPEN';
    if (aOpen !== (b.status === 'OPEN')) return aOpen ? -1 : 1;
    if (aOpen) return rank(a) - rank(b) || b.detected_at.localeCompare(a.detected_at);
    return (b.acknowledged_at ?? '').localeCompare(a.acknowledged_at ?? '');
  });
}
