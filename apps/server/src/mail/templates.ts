import { PARTICIPANT_PAGES, RESET_LINK_PARAMS, WEB_ROUTES } from '@recovery-portal/contract/paths';
import { SSO_MESSAGES } from '@recovery-portal/contract/sso-constants';
import { formatDuration } from './format-duration';
import { escapeHtml } from './escape-html';
import type { MailMessage } from './mailer';

/**
 * The link that opens the reset screen on step 2 with the code filled in: the portal's for
 * staff, the participant's own set-password page for a participant (they have no portal).
 */
export function resetLink(
  publicUrl: string,
  email: string,
  code: string,
  forParticipant = false,
): string {
  const url = new URL(
    forParticipant ? PARTICIPANT_PAGES.activate : WEB_ROUTES.resetPassword,
    publicUrl,
  );
  url.searchParams.set(RESET_LINK_PARAMS.userName, email);
  url.searchParams.set(RESET_LINK_PARAMS.loginCode, code);
  return url.toString();
}

/**
 * A new clinician's welcome when OIDC_ONLY=true: staff sign in through the clinic's identity
 * provider, so there is no code and no password to set.
 */
export function ssoWelcomeMail(options: {
  to: string;
  loginUrl: string;
  providerName: string;
}): MailMessage {
  const intro = 'An account has been created for you on Recovery Portal.';
  const button = SSO_MESSAGES.signInWith(options.providerName);
  const how = `You sign in with your organisation's account: open ${options.loginUrl} and choose "${button}".`;
  return {
    to: options.to,
    subject: 'Welcome to Recovery Portal',
    text: [intro, how].join('\n\n'),
    html: [`<p>${escapeHtml(intro)}</p>`, `<p>${escapeHtml(how)}</p>`].join('\n'),
  };
}

export function activationCodeMail(options: {
  to: string;
  code: string;
  link: string;
  minutesValid: number;
  purpose: 'reset' | 'welcome';
}): MailMessage {
  const intro =
    options.purpose === 'welcome'
      ? 'An account has been created for you on Recovery Portal. Set your password to start.'
      : 'We received a request to set a new password for your Recovery Portal account.';
  const validity = `The code works once and expires in ${formatDuration(options.minutesValid)}.`;
  const text = [
    intro,
    `Your activation code is ${options.code}.`,
    `Open this link to set your password: ${options.link}`,
    validity,
    'If you did not ask for this, you can ignore this email.',
  ].join('\n\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p>Your activation code is <strong>${escapeHtml(options.code)}</strong>.</p>`,
    `<p><a href="${escapeHtml(options.link)}">Set your password</a></p>`,
    `<p>${escapeHtml(validity)}</p>`,
    '<p>If you did not ask for this, you can ignore this email.</p>',
  ].join('\n');
  return {
    to: options.to,
    subject:
      options.purpose === 'welcome'
        ? 'Welcome to Recovery Portal: set your password'
        : 'Your Recovery Portal activation code',
    text,
    html,
    link: options.link,
  };
}
