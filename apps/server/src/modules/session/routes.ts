import type { FastifyPluginAsync } from 'fastify';
import { sessionApi as S } from '@rms/contracts/api/session';
import { MESSAGES } from '@rms/contracts/messages';
import { caller } from '../../auth/access';
import { REQUEST_LIMITS } from '../../auth/request-limits';
import { routeEndpoint as route } from '../../endpoint-route';
import { noteAudit } from '../audit-log';
import { currentUser, login, logout, refresh, type SessionDeps } from './service';
import { changePassword, updateProfile } from './profile';
import { confirmPasswordReset, requestPasswordReset, type ResetDeps } from './password-reset';

// The session area's handlers; paths, access and schemas are declared in contracts (api/session.ts).
// The calls anyone may make without a session are rate-limited per address.

export const sessionRoutes: FastifyPluginAsync<{ deps: SessionDeps; reset: ResetDeps }> = async (
  app,
  { deps, reset },
) => {
  route(
    app,
    S.login,
    async (request) => {
      try {
        const result = await login(deps, {
          ...request.body,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        const { user } = result;
        noteAudit(request, {
          actor: { userId: user.id, email: user.email, organizationId: user.organization },
          recordId: user.id,
        });
        return { ...result, detail: MESSAGES.loginSuccess };
      } catch (error) {
        // A wrong password or a throttled account: kept, with the e-mail tried (never the password).
        noteAudit(request, {
          failure: { attempted: request.body.username.trim().toLowerCase().slice(0, 254) },
        });
        throw error;
      }
    },
    { rateLimit: REQUEST_LIMITS.signIn },
  );

  route(app, S.refresh, (request) => refresh(deps, request.body.refresh), {
    rateLimit: REQUEST_LIMITS.refresh,
  });

  route(app, S.logout, async (request) => {
    const userId = await logout(deps, request.body.refresh);
    if (userId !== null) noteAudit(request, { actor: { userId } });
    return { detail: 'Logged out' };
  });

  route(app, S.me, (request) => currentUser(deps, caller(request).id));

  route(
    app,
    S.passwordReset,
    async (request) => ({ detail: await requestPasswordReset(reset, request.body.username, request.ip) }),
    { rateLimit: REQUEST_LIMITS.passwordReset },
  );

  route(
    app,
    S.passwordResetConfirm,
    async (request) => ({
      detail: await confirmPasswordReset(reset, request.body.code, request.body.password, request.ip),
    }),
    { rateLimit: REQUEST_LIMITS.passwordReset },
  );

  route(app, S.updateProfile, (request) => updateProfile(deps, caller(request), request.body));

  route(app, S.changePassword, async (request) => ({
    detail: await changePassword(deps, caller(request), request.body, request.ip),
  }));
};
