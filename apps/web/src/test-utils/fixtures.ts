import type { SessionUser } from '@rms/contracts/session';
import { startSession } from '../auth/session-store';

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    email: 'asha@example.com',
    first_name: 'Asha',
    middle_name: '',
    last_name: 'Rao',
    mobile: '9876543210',
    photo: null,
    photo_url: null,
    organization: 1,
    organization_data: {
      id: 1,
      company_name: 'Sunrise Lighting',
      is_provider: true,
      company_logo_url: null,
      tagline: null,
    },
    is_superuser: false,
    is_primary: true,
    permissions: [],
    time_zone: 'Asia/Kolkata',
    ...overrides,
  };
}

function base64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token that expires `seconds` from now (the client only reads `exp`). */
export function makeToken(seconds: number, subject = 'access'): string {
  const exp = Math.floor(Date.now() / 1000) + seconds;
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: subject, exp })}.signature`;
}

/** Stores a signed-in session as a successful sign-in would. */
export function signIn(user: SessionUser = makeUser(), access = makeToken(600), refresh = 'refresh-1'): void {
  startSession({ access, refresh, user });
}
