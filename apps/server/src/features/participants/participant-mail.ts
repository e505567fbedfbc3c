import { escapeHtml } from '#app/mail/escape-html';
import type { MailMessage } from '#app/mail/mailer';

function greeting(firstName: string): string {
  return firstName ? `Hello ${firstName},` : 'Hello,';
}

function toMessage(to: string, subject: string, paragraphs: string[]): MailMessage {
  return {
    to,
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
  };
}

const HOW_TO_JOIN = [
  'To join, download the Recovery mobile app from the App Store or Google Play and sign in with this email address. The app will guide you through setting your password.',
  'If you were not expecting this invitation, you can ignore this email.',
];

/**
 * The invitation a clinician sends to a new participant. It carries no code or link with a
 * secret: the participant activates the account from the mobile app.
 */
export function invitationMail(options: { to: string; firstName: string }): MailMessage {
  return toMessage(options.to, 'You are invited to the Recovery programme', [
    greeting(options.firstName),
    'Your care team has invited you to the Recovery programme, which supports you through your recovery with reminders, coaching and progress tracking.',
    ...HOW_TO_JOIN,
  ]);
}

/** A reminder for an invited participant who has not joined yet. */
export function reminderMail(options: { to: string; firstName: string }): MailMessage {
  return toMessage(options.to, 'Reminder: your invitation to the Recovery programme', [
    greeting(options.firstName),
    'Your care team invited you to the Recovery programme and is looking forward to supporting your recovery.',
    ...HOW_TO_JOIN,
  ]);
}
