import { messageBody } from '../common';
import { endpoint } from '../endpoint';
import { PUBLIC, SIGNED_IN } from '../permissions';
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
} from '../session';

// Signing in and out, the session's tokens, password reset and the signed-in user's own profile.
// Calls made before sign-in are public: the console sends them without the session.
const area = 'session';

export const sessionApi = {
  login: endpoint({
    area,
    method: 'POST',
    path: '/users/login/',
    access: PUBLIC,
    summary: 'Sign in with e-mail and password',
    body: loginBody,
    response: loginResponse,
  }),
  refresh: endpoint({
    area,
    method: 'POST',
    path: '/token/refresh/',
    access: PUBLIC,
    audited: false,
    summary: 'Rotate the refresh token',
    body: refreshBody,
    response: tokenPair,
  }),
  logout: endpoint({
    area,
    method: 'POST',
    path: '/logout/',
    access: PUBLIC,
    summary: 'End the session of a refresh token',
    body: logoutBody,
    response: messageBody,
  }),
  me: endpoint({
    area,
    method: 'GET',
    path: '/users/me/',
    access: SIGNED_IN,
    sessionOnly: true,
    summary: 'The signed-in user with permissions',
    response: sessionUser,
  }),
  passwordReset: endpoint({
    area,
    method: 'POST',
    path: '/users/password_reset/',
    access: PUBLIC,
    summary: 'Mail a password reset link',
    body: passwordResetBody,
    response: messageBody,
  }),
  passwordResetConfirm: endpoint({
    area,
    method: 'POST',
    path: '/users/password_reset/confirm/',
    access: PUBLIC,
    summary: 'Set a new password with the code from the reset link',
    body: passwordResetConfirmBody,
    response: messageBody,
  }),
  updateProfile: endpoint({
    area,
    method: 'POST',
    path: '/users/update_profile/',
    access: SIGNED_IN,
    sessionOnly: true,
    summary: "Update the signed-in user's own profile",
    body: profileUpdateBody,
    response: profileUpdateResponse,
  }),
  changePassword: endpoint({
    area,
    method: 'POST',
    path: '/users/password_change/',
    access: SIGNED_IN,
    sessionOnly: true,
    summary: 'Change the own password; every session of the user ends',
    body: passwordChangeBody,
    response: messageBody,
  }),
};
