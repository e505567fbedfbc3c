import { PARTICIPANT_APP_MESSAGES as WORDS } from '@recovery-portal/contract/participant-app';
import { PASSWORD_POLICY_MESSAGES } from '@recovery-portal/contract/password-policy-messages';
import { PARTICIPANT_PAGES } from '@recovery-portal/contract/paths';
import { alert, field, html, participantPage } from '#app/core/participant-page';

/** What the activation form shows again after a refusal, with a message per field. */
export interface ActivationForm {
  email: string;
  code: string;
  /** The emailed link filled in email and code: they are shown read-only (DESIGN §5). */
  fromLink: boolean;
  errors?: Partial<Record<'user_name' | 'login_code' | 'password' | 'confirm_password', string>>;
  refusal?: string;
}

const hidden = (csrf: string, fromLink: boolean) =>
  html`<input
      type="hidden"
      name="csrf"
      value="${csrf}"
    />${fromLink ? html`<input type="hidden" name="from_link" value="1" />` : ''}`;

/** Setting the password with the emailed code: an invitation's activation or a reset. */
export function activationPage(form: ActivationForm, csrf: string): string {
  const errors = form.errors ?? {};
  return participantPage(
    WORDS.activateTitle,
    html`<p>${WORDS.activateIntro}</p>
      ${form.refusal ? alert('error', form.refusal) : ''}
      <form method="post" action="${PARTICIPANT_PAGES.activate}">
        ${hidden(csrf, form.fromLink)}
        ${field({ name: 'user_name', label: 'Email', type: 'email', autocomplete: 'username', value: form.email, error: errors.user_name, readOnly: form.fromLink })}
        ${field({ name: 'login_code', label: 'Activation code', type: 'text', autocomplete: 'one-time-code', value: form.code, error: errors.login_code, readOnly: form.fromLink })}
        ${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', error: errors.password })}
        ${field({ name: 'confirm_password', label: 'Confirm password', type: 'password', autocomplete: 'new-password', error: errors.confirm_password })}
        <p class="muted">${PASSWORD_POLICY_MESSAGES.hint}</p>
        <div class="actions"><button class="primary" type="submit">Set password</button></div>
      </form>
      <p class="links"><a href="${PARTICIPANT_PAGES.forgotPassword}">Need a new code?</a></p>`,
  );
}

/** A page with a single confirmation: the password is set, or a code is on its way. */
export function messagePage(title: string, text: string) {
  return participantPage(title, alert('success', text));
}

/** Asking for a code to set a new password. */
export function forgotPasswordPage(
  state: { email: string; error?: string | undefined },
  csrf: string,
): string {
  return participantPage(
    WORDS.forgotTitle,
    html`<p>${WORDS.forgotIntro}</p>
      <form method="post" action="${PARTICIPANT_PAGES.forgotPassword}">
        ${hidden(csrf, false)}
        ${field({ name: 'user_name', label: 'Email', type: 'email', autocomplete: 'username', value: state.email, error: state.error })}
        <div class="actions"><button class="primary" type="submit">Send code</button></div>
      </form>
      <p class="links"><a href="${PARTICIPANT_PAGES.activate}">I have a code</a></p>`,
  );
}
