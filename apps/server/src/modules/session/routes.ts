import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC, SIGNED_IN } from '@rms/contracts/permissions';
import { messageBody } from '@rms/contracts/common';
import { MESSAGES } from '@rms/contracts/messages';
import {
  loginBody,
  loginResponse,
  logoutBody,
  passwordChangeBody,
  passwordResetBody,
  passwordResetConfirmBody,
  profileUpdateBody,
  profileUpdateResponse,
  refreshBody,
  sessionUser,
  tokenPair,
} from '@rms/contracts/session';
import { caller } from '../../auth/access';
import { REQUEST_LIMITS } from '../../auth/request-limits';
import { currentUser, login, logout, refresh, type SessionDeps } from './service';
import { changePassword, updateProfile } from './profile';
import { confirmPasswordReset, requestPasswordReset, type ResetDeps } from './password-reset';

export const sessionRoutes: FastifyPluginAsyncZod<{ deps: SessionDeps; reset: ResetDeps }> = async (
  app,
  { deps, reset },
) => {
  app.post(
    '/users/login/',
    {
      config: { access: PUBLIC, rateLimit: REQUEST_LIMITS.signIn },
      schema: {
        tags: ['session'],
        summary: 'Sign in with e-mail and password',
        body: loginBody,
        response: { 200: loginResponse },
      },
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
      config: { access: PUBLIC, rateLimit: REQUEST_LIMITS.refresh },
      schema: {
        tags: ['session'],
        summary: 'Rotate the refresh token',
        body: refreshBody,
        response: { 200: tokenPair },
      },
    },
    async (request) => refresh(deps, request.body.refresh),
  );

  app.post(
    '/logout/',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['session'],
        summary: 'End the session of a refresh token',
        body: logoutBody,
        response: { 200: messageBody },
      },
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
      schema: {
        tags: ['session'],
        summary: 'The signed-in user with permissions',
        security: [{ bearer: [] }],
        response: { 200: sessionUser },
      },
    },
    async (request) => currentUser(deps, caller(request).id),
  );

  app.post(
    '/users/password_reset/',
    {
      config: { access: PUBLIC, rateLimit: REQUEST_LIMITS.passwordReset },
      schema: {
        tags: ['session'],
        summary: 'Mail a password reset link',
        body: passwordResetBody,
        response: { 200: messageBody },
      },
    },
    async (request) => ({ detail: await requestPasswordReset(reset, request.body.username, request.ip) }),
  );

  app.post(
    '/users/password_reset/confirm/',
    {
      config: { access: PUBLIC, rateLimit: REQUEST_LIMITS.passwordReset },
      schema: {
        tags: ['session'],
        summary: 'Set a new password with the code from the reset link',
        body: passwordResetConfirmBody,
        response: { 200: messageBody },
      },
    },
    async (request) => ({
      detail: await confirmPasswordReset(reset, request.body.code, request.body.password, request.ip),
    }),
  );

  app.post(
    '/users/update_profile/',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['session'],
        summary: "Update the signed-in user's own profile",
        security: [{ bearer: [] }],
        body: profileUpdateBody,
        response: { 200: profileUpdateResponse },
      },
    },
    async (request) => updateProfile(deps, caller(request), request.body),
  );

  app.post(
    '/users/password_change/',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['session'],
        summary: 'Change the own password; every session of the user ends',
        security: [{ bearer: [] }],
        body: passwordChangeBody,
        response: { 200: messageBody },
      },
    },
    async (request) => ({
      detail: await changePassword(deps, caller(request), request.body, request.ip),
    }),
  );
};
