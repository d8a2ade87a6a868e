import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC, SIGNED_IN } from '@rms/contracts/permissions';
import { messageBody } from '@rms/contracts/common';
import { MESSAGES } from '@rms/contracts/messages';
import { loginBody, loginResponse, logoutBody, refreshBody, sessionUser, tokenPair } from '@rms/contracts/session';
import { caller } from '../../auth/access';
import { currentUser, login, logout, refresh, type SessionDeps } from './service';

export const sessionRoutes: FastifyPluginAsyncZod<{ deps: SessionDeps }> = async (app, { deps }) => {
  app.post(
    '/users/login/',
    {
      config: { access: PUBLIC },
      schema: { tags: ['session'], summary: 'Sign in with e-mail and password', body: loginBody, response: { 200: loginResponse } },
    },
    async (request) => {
      const result = await login(deps, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { ...result, detail: MESSAGES.loginSuccess };
    },
  );

  app.post(
    '/token/refresh/',
    {
      config: { access: PUBLIC },
      schema: { tags: ['session'], summary: 'Rotate the refresh token', body: refreshBody, response: { 200: tokenPair } },
    },
    async (request) => refresh(deps, request.body.refresh),
  );

  app.post(
    '/logout/',
    {
      config: { access: PUBLIC },
      schema: { tags: ['session'], summary: 'End the session of a refresh token', body: logoutBody, response: { 200: messageBody } },
    },
    async (request) => {
      await logout(deps, request.body.refresh);
      return { detail: 'Logged out' };
    },
  );

  app.get(
    '/users/me/',
    {
      config: { access: SIGNED_IN },
      schema: { tags: ['session'], summary: 'The signed-in user with permissions', security: [{ bearer: [] }], response: { 200: sessionUser } },
    },
    async (request) => currentUser(deps, caller(request).id),
  );
};
