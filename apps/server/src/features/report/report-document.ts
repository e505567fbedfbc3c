import { NOT_APPLICABLE_SCORE, type AdherenceEntry } from '@recovery-portal/contract/adherence';
import {
  FLAG_SEVERITY_LABELS,
  FLAG_SOURCE_LABELS,
  FLAG_STATUS_LABELS,
} from '@recovery-portal/contract/flags';
import { programmeText } from '@recovery-portal/contract/outcomes';
import { PAIN_BODY_SITE_LABELS, PAIN_SCORE_MAX } from '@recovery-portal/contract/pain';
import {
  formatBirthDate,
  fullName,
  identifiersText,
} from '@recovery-portal/contract/participant-identity';
import { PARTICIPANT_STATUS_LABELS } from '@recovery-portal/contract/participants';
import { REPORT_PAPER_POINTS, type ReportPaper } from '@recovery-portal/contract/report';
import {
  dataConnectionOf,
  dataConnectionWarning,
  REVIEW_MESSAGES,
} from '@recovery-portal/contract/review';
import { SURGERY_PROCEDURE_LABELS, SURGERY_SIDE_LABELS } from '@recovery-portal/contract/surgery';
import { SURVEY_TIMEPOINT_LABELS, SURVEY_TIMEPOINTS } from '@recovery-portal/contract/surveys';
import type { Content, DocumentDefinition } from 'pdfmake';
import { dash, day, heading, minute, note, table } from './report-blocks';
import { outcomeScores } from './report-outcomes';
import type { ReportData } from './report-data';

/**
 * The recovery report as a pdfmake document: identification, surgery, outcome scores with their
 * charts, the survey schedule (adherence), pain, flags with their acknowledgements and the last
 * review. Every number comes from ReportData, which the details screens' services produce.
 * Dates are ISO days and times are UTC, so the paper reads the same in every clinic.
 */

const MARGIN = 40;

function keyValues(pairs: [string, string][]): Content {
  return {
    table: {
      widths: [110, '*'],
      body: pairs.map(([key, value]) => [{ text: key, style: 'key' }, value]),
    },
    layout: 'noBorders',
  };
}

function identification({ profile, outcomes }: ReportData): Content[] {
  return [
    heading('Participant'),
    keyValues([
      ['Name', fullName(profile)],
      [
        'Date of birth',
        profile.birth_date
          ? `${formatBirthDate(profile.birth_date)} (age ${dash(profile.age)})`
          : 'not recorded',
      ],
      ['Record number (MRN)', profile.mrn ?? 'none'],
      ['Participant ID', String(profile.id)],
      ['Email', dash(profile.user_name)],
      ['Gender', dash(profile.gender)],
      ['Programme', programmeText(outcomes)],
      ['Group', dash(profile.group)],
      ['Participant type', profile.user_type],
      ['Status', PARTICIPANT_STATUS_LABELS[profile.status]],
    ]),
  ];
}

function surgery({ surgeries }: ReportData): Content[] {
  if (surgeries.length === 0) return [heading('Surgery'), note('No surgery is recorded.')];
  return [
    heading('Surgery'),
    table(
      ['Date', 'Procedure', 'Side', 'Surgeon', 'Hospital'],
      surgeries.map((s) => [
        s.surgery_date,
        SURGERY_PROCEDURE_LABELS[s.procedure],
        SURGERY_SIDE_LABELS[s.side],
        s.surgeon,
        s.hospital,
      ]),
      [58, '*', 50, '*', '*'],
    ),
  ];
}

/** One survey schedule cell as the Survey Schedule card names it. */
function scheduleCell(entry: AdherenceEntry, today: string): string {
  if (entry.submitted_on) return `${entry.score_text ?? 'Submitted'}\n${day(entry.submitted_on)}`;
  if (entry.score === NOT_APPLICABLE_SCORE) return 'NA';
  if (!entry.target_date) return '-';
  if (entry.target_date < today) return `Overdue\n${entry.target_date}`;
  return `Due\n${entry.target_date}`;
}

function adherence({ adherence: schedule, generatedAt }: ReportData): Content[] {
  if (schedule.length === 0) return [heading('Survey adherence'), note('No survey is scheduled.')];
  const today = generatedAt.toISOString().slice(0, 10);
  const entries = schedule.flatMap((item) => item.entries);
  const due = entries.filter(
    (entry) =>
      entry.score !== NOT_APPLICABLE_SCORE &&
      entry.target_date !== null &&
      (entry.submitted_on !== null || entry.target_date <= today),
  );
  const submitted = due.filter((entry) => entry.submitted_on !== null).length;
  return [
    heading('Survey adherence'),
    note(`${submitted} of ${due.length} questionnaires due by ${today} submitted.`),
    table(
      ['Survey', ...SURVEY_TIMEPOINTS.map((timepoint) => SURVEY_TIMEPOINT_LABELS[timepoint])],
      schedule.map((item) => [
        item.title,
        ...item.entries.map((entry) => scheduleCell(entry, today)),
      ]),
      ['*', 62, 62, 62, 62, 62],
    ),
  ];
}

function pain({ pain: logs }: ReportData): Content[] {
  if (logs.length === 0) return [heading('Pain'), note('No pain score is recorded.')];
  const mean = logs.reduce((sum, log) => sum + log.score, 0) / logs.length;
  return [
    heading('Pain'),
    note(
      `Latest ${logs.length} reports (0–${PAIN_SCORE_MAX}, 10 = worst): latest ${logs[0]?.score ?? '-'}/${PAIN_SCORE_MAX}, mean ${mean.toFixed(1)}, highest ${Math.max(...logs.map((log) => log.score))}.`,
    ),
    table(
      ['Recorded', 'Score', 'Body site', 'Note'],
      logs.map((log) => [
        minute(log.recorded_at),
        `${log.score}/${PAIN_SCORE_MAX}`,
        PAIN_BODY_SITE_LABELS[log.body_site],
        dash(log.note),
      ]),
      [95, 35, 70, '*'],
    ),
  ];
}

function flags({ flags: list }: ReportData): Content[] {
  if (list.length === 0) return [heading('Flags'), note('No flag has been raised.')];
  return [
    heading('Flags'),
    table(
      ['Detected', 'Severity', 'Source', 'Finding', 'Status and acknowledgement'],
      list.map((flag) => [
        minute(flag.detected_at),
        FLAG_SEVERITY_LABELS[flag.severity],
        FLAG_SOURCE_LABELS[flag.source],
        { text: [{ text: flag.finding, bold: true }, `\n${flag.matched_text}`] },
        flag.status === 'ACKNOWLEDGED'
          ? `${FLAG_STATUS_LABELS.ACKNOWLEDGED} by ${flag.acknowledged_by ?? 'a deleted account'} on ${minute(flag.acknowledged_at)}${flag.acknowledgement_note ? `\nNote: ${flag.acknowledgement_note}` : ''}`
          : FLAG_STATUS_LABELS.OPEN,
      ]),
      [68, 42, 50, '*', 140],
    ),
  ];
}

function review({ triage, reviewerRegId, generatedAt }: ReportData): Content[] {
  const reviewer = triage.last_reviewed_by
    ? `${triage.last_reviewed_by.name || 'a deleted account'}${reviewerRegId ? ` (Reg Id ${reviewerRegId})` : ''}`
    : null;
  const reviewed = triage.last_reviewed_at
    ? REVIEW_MESSAGES.lastReviewed(minute(triage.last_reviewed_at), reviewer)
    : REVIEW_MESSAGES.neverReviewed;
  const connection =
    dataConnectionWarning(dataConnectionOf(triage.last_telemetry_at, generatedAt)) ??
    `Home data current (last received ${minute(triage.last_telemetry_at)}).`;
  return [
    heading('Last review'),
    keyValues([
      ['Review', reviewed],
      ['Data connection', connection],
      ['Open flags', String(triage.open_flag_count)],
    ]),
  ];
}

/** The whole document on the chosen paper. */
export function reportDocument(data: ReportData, paper: ReportPaper): DocumentDefinition {
  const { width, height } = REPORT_PAPER_POINTS[paper];
  const generated = minute(data.generatedAt.toISOString());
  return {
    pageSize: { width, height },
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN + 10],
    info: {
      // The file's metadata names no one: it travels with copies of the file.
      title: `Recovery report, participant ${data.profile.id}`,
      creator: 'Recovery Portal',
      producer: 'Recovery Portal',
    },
    footer: (page, pages) => ({
      // Every page names whom it is about with two identifiers, as a printed page may be parted.
      text: `Recovery report · ${fullName(data.profile)} · ${identifiersText(data.profile)} · participant ${data.profile.id} · generated ${generated} · confidential health information · page ${page} of ${pages}`,
      style: 'footer',
      margin: [MARGIN, 10, MARGIN, 0],
    }),
    content: [
      { text: 'Recovery report', style: 'h1' },
      note(`Generated ${generated} from the Recovery Portal.`),
      ...identification(data),
      ...surgery(data),
      ...outcomeScores(data),
      ...adherence(data),
      ...pain(data),
      ...flags(data),
      ...review(data),
    ],
    styles: {
      h1: { fontSize: 18, bold: true, margin: [0, 0, 0, 2] },
      h2: { fontSize: 13, bold: true, color: '#1565c0' },
      h3: { fontSize: 10.5, bold: true },
      th: { bold: true, fontSize: 8.5 },
      key: { bold: true },
      note: { fontSize: 8, color: '#444444' },
      footer: { fontSize: 7, color: '#666666' },
    },
    defaultStyle: { font: 'Roboto', fontSize: 9.5, lineHeight: 1.15 },
  };
}
