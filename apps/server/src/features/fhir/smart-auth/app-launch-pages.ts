import { FHIR_BASE_PATH } from '@recovery-portal/contract/fhir';
import {
  describeAppScopes,
  PARTICIPANT_APP_MESSAGES as WORDS,
} from '@recovery-portal/contract/participant-app';
import { PARTICIPANT_PAGES } from '@recovery-portal/contract/paths';
import { alert, field, html, participantPage } from '#app/core/participant-page';

export const AUTHORIZE_PATH = '/auth/authorize';
const FORM_ACTION = `${FHIR_BASE_PATH}${AUTHORIZE_PATH}`;

/** The sign-in page of an app's authorization: Email, Password, Sign in, Forgot password?. */
export function signInPage(step: {
  requestId: string;
  appName: string;
  email?: string;
  refusal?: string;
}) {
  return participantPage(
    WORDS.signInTitle,
    html`<p>${WORDS.signInIntro(step.appName)}</p>
      ${step.refusal ? alert('error', step.refusal) : ''}
      <form method="post" action="${FORM_ACTION}">
        <input type="hidden" name="request" value="${step.requestId}" />
        <input type="hidden" name="action" value="sign-in" />
        ${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'username', value: step.email ?? '' })}
        ${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password' })}
        <div class="actions"><button class="primary" type="submit">Sign in</button></div>
      </form>
      <p class="links"><a href="${PARTICIPANT_PAGES.forgotPassword}">Forgot password?</a></p>`,
  );
}

/** The consent page: the app's name, what it may read and write in plain words, Allow or Deny. */
export function consentPage(step: { requestId: string; appName: string; scopes: string[] }) {
  return participantPage(
    WORDS.consentTitle,
    html`<p><strong>${WORDS.consentIntro(step.appName)}</strong></p>
      <ul>
        ${describeAppScopes(step.scopes).map((line) => html`<li>${line}</li>`)}
      </ul>
      <p class="muted">${WORDS.consentOwnData}</p>
      <form method="post" action="${FORM_ACTION}">
        <input type="hidden" name="request" value="${step.requestId}" />
        <div class="actions">
          <button class="secondary" type="submit" name="action" value="deny">${WORDS.deny}</button>
          <button class="primary" type="submit" name="action" value="allow">${WORDS.allow}</button>
        </div>
      </form>`,
  );
}

/** What is wrong with an authorization that cannot go back to its app. */
export function authorizeErrorPage(message: string) {
  return participantPage(WORDS.errorTitle, alert('error', message));
}
