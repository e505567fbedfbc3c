import type { FastifyInstance } from 'fastify';
import { PARTICIPANT_APP_MESSAGES as WORDS } from '@recovery-portal/contract/participant-app';
import { PARTICIPANT_PAGES, RESET_LINK_PARAMS } from '@recovery-portal/contract/paths';
import { resetPasswordFormSchema } from '@recovery-portal/contract/signup';
import { emailSchema } from '@recovery-portal/contract/validation';
import { callerOf, type CallerContext } from '#app/core/caller';
import { acceptHtmlForms, formFields, sendPage } from '#app/core/participant-page';
import { AppError, RateLimitedError } from '#app/lib/app-error';
import { createFormGuard } from './form-guard';
import {
  activationPage,
  forgotPasswordPage,
  messagePage,
  type ActivationForm,
} from './participant-pages';

/**
 * The emailed codes, handed in by the composition root (the account feature owns them): the
 * request that answers alike whether or not the account exists, and setting the password with
 * a code, which makes an invited account active.
 */
export interface PasswordCodes {
  sendActivationCode(email: string, caller: CallerContext): Promise<void>;
  setPasswordWithCode(
    email: string,
    code: string,
    password: string,
    caller: CallerContext,
  ): Promise<void>;
}

type ActivationField = keyof NonNullable<ActivationForm['errors']>;
const ACTIVATION_FIELDS: readonly string[] = [
  'user_name',
  'login_code',
  'password',
  'confirm_password',
] satisfies ActivationField[];

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 300) : '');

/**
 * Pages a participant opens in a browser, served by the server itself (they have no portal):
 * the emailed activation or reset link, where they set a password that meets the staff policy,
 * and "Forgot password?" (docs/participant-app.md).
 */
export async function registerParticipantAccountRoutes(
  app: FastifyInstance,
  deps: { codes: PasswordCodes; secureCookie: boolean },
) {
  const guard = createFormGuard({ path: '/app', secure: deps.secureCookie });
  const config = { access: 'public' } as const;

  await app.register(async (pages) => {
    acceptHtmlForms(pages);

    pages.get<{ Querystring: Record<string, unknown> }>(
      PARTICIPANT_PAGES.activate,
      { config },
      async (request, reply) => {
        const email = text(request.query[RESET_LINK_PARAMS.userName]);
        const code = text(request.query[RESET_LINK_PARAMS.loginCode]);
        const form = { email, code, fromLink: email !== '' && code !== '' };
        return sendPage(reply, 200, activationPage(form, guard.token(request, reply)));
      },
    );

    pages.post(PARTICIPANT_PAGES.activate, { config }, async (request, reply) => {
      const posted = formFields(request.body);
      const csrf = guard.token(request, reply);
      const shown: ActivationForm = {
        email: text(posted.user_name),
        code: text(posted.login_code),
        fromLink: posted.from_link === '1',
      };
      const again = (status: number, extra: Partial<ActivationForm>) =>
        sendPage(reply, status, activationPage({ ...shown, ...extra }, csrf));
      if (!guard.holds(request, posted.csrf)) return again(403, { refusal: WORDS.formExpired });
      const parsed = resetPasswordFormSchema.safeParse(posted);
      if (!parsed.success) {
        const errors: ActivationForm['errors'] = {};
        for (const issue of parsed.error.issues) {
          const name = String(issue.path[0] ?? '');
          if (ACTIVATION_FIELDS.includes(name)) errors[name as ActivationField] ??= issue.message;
        }
        return again(400, { errors });
      }
      const { user_name: email, login_code: code, password } = parsed.data;
      try {
        await deps.codes.setPasswordWithCode(email, code, password, callerOf(request));
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) {
          return again(error.statusCode, { refusal: error.message });
        }
        throw error;
      }
      return sendPage(reply, 200, messagePage(WORDS.activateDoneTitle, WORDS.activateDone));
    });

    pages.get(PARTICIPANT_PAGES.forgotPassword, { config }, async (request, reply) =>
      sendPage(reply, 200, forgotPasswordPage({ email: '' }, guard.token(request, reply))),
    );

    pages.post(PARTICIPANT_PAGES.forgotPassword, { config }, async (request, reply) => {
      const posted = formFields(request.body);
      const csrf = guard.token(request, reply);
      const email = text(posted.user_name);
      if (!guard.holds(request, posted.csrf)) {
        return sendPage(reply, 403, forgotPasswordPage({ email, error: WORDS.formExpired }, csrf));
      }
      const parsed = emailSchema.safeParse(email);
      if (!parsed.success) {
        const error = parsed.error.issues[0]?.message;
        return sendPage(reply, 400, forgotPasswordPage({ email, error }, csrf));
      }
      try {
        await deps.codes.sendActivationCode(parsed.data, callerOf(request));
      } catch (error) {
        if (!(error instanceof RateLimitedError)) throw error;
        reply.header('retry-after', String(error.retryAfterSeconds));
        return sendPage(reply, 429, forgotPasswordPage({ email, error: error.message }, csrf));
      }
      return sendPage(reply, 200, messagePage(WORDS.forgotTitle, WORDS.forgotSent));
    });
  });
}
