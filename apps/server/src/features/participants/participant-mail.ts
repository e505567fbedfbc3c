import { escapeHtml } from '#app/mail/escape-html';
import { formatDuration } from '#app/mail/format-duration';
import type { MailMessage } from '#app/mail/mailer';

function greeting(firstName: string): string {
  return firstName ? `Hello ${firstName},` : 'Hello,';
}

/** What an invitation or a reminder carries to let the participant join: a code and its link. */
export interface JoinCode {
  code: string;
  link: string;
  minutesValid: number;
}

function toMessage(to: string, subject: string, opening: string[], join: JoinCode): MailMessage {
  const steps = [
    `Your activation code is ${join.code}.`,
    `Open this link to set your password: ${join.link}`,
    'Then download the Recovery mobile app from the App Store or Google Play and sign in with this email address and your new password.',
    `The code works once and expires in ${formatDuration(join.minutesValid)}.`,
    'If you were not expecting this invitation, you can ignore this email.',
  ];
  const paragraphs = [...opening, ...steps];
  const html = paragraphs.map((paragraph) =>
    paragraph === steps[1]
      ? `<p><a href="${escapeHtml(join.link)}">Set your password</a></p>`
      : `<p>${escapeHtml(paragraph)}</p>`,
  );
  return { to, subject, text: paragraphs.join('\n\n'), html: html.join('\n'), link: join.link };
}

/**
 * The invitation a clinician sends to a new participant: a single-use activation code and the
 * link to the page where they set their password, then the app to sign in to.
 */
export function invitationMail(options: {
  to: string;
  firstName: string;
  join: JoinCode;
}): MailMessage {
  return toMessage(
    options.to,
    'You are invited to the Recovery programme',
    [
      greeting(options.firstName),
      'Your care team has invited you to the Recovery programme, which supports you through your recovery with reminders, coaching and progress tracking.',
    ],
    options.join,
  );
}

/** A reminder for an invited participant who has not joined yet, with a fresh code. */
export function reminderMail(options: {
  to: string;
  firstName: string;
  join: JoinCode;
}): MailMessage {
  return toMessage(
    options.to,
    'Reminder: your invitation to the Recovery programme',
    [
      greeting(options.firstName),
      'Your care team invited you to the Recovery programme and is looking forward to supporting your recovery.',
    ],
    options.join,
  );
}
