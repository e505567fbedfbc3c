import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequestSchema, sendCodeRequestSchema } from '@recovery-portal/contract/account';
import { signupRequestSchema } from '@recovery-portal/contract/signup';
import { messageSchema, successEnvelope } from '@recovery-portal/contract/envelope';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { loginResultSchema } from '@recovery-portal/contract/mfa';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { callerOf } from '#app/core/caller';
import { ok } from '#app/lib/envelope';
import { errorResponses } from '#app/lib/route-errors';
import type { AccountService } from './account.service';
import type { DeviceCookies } from '#app/core/sign-in/device-cookies';

export function registerAccountRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  devices: DeviceCookies,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const publicRoute = { access: 'public' } as const;
  const tags = ['account'];

  routes.post(
    API_PATHS.account.login,
    {
      config: publicRoute,
      schema: {
        tags,
        summary:
          'Sign in with email and password; answers a two-step challenge instead of tokens when a code is needed',
        body: loginRequestSchema,
        response: {
          200: successEnvelope(loginResultSchema),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { user_name: userName, password } = request.body;
      const result = await accounts.login(userName, password, devices.callerOf(request));
      if ('access_token' in result) devices.remember(request, reply, result.user.id);
      return ok(result);
    },
  );

  routes.post(
    API_PATHS.account.sendCode,
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Email a single-use activation code for setting a password',
        body: sendCodeRequestSchema,
        response: { 200: successEnvelope(messageSchema), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await accounts.sendActivationCode(request.body.user_name, callerOf(request));
      return ok({ message: MESSAGES.account.codeSent });
    },
  );

  routes.post(
    API_PATHS.account.signup,
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Set a password with an emailed activation code',
        body: signupRequestSchema,
        response: { 200: successEnvelope(messageSchema), ...errorResponses(400, 403, 422) },
      },
    },
    async (request) => {
      const { user_name, login_code, password } = request.body;
      await accounts.setPasswordWithCode(user_name, login_code, password, callerOf(request));
      return ok({ message: MESSAGES.account.passwordSet });
    },
  );
}
