// Texts the spec fixes (spec 01 §5 and §8); server and console use these, never their own copies.
export const MESSAGES = {
  loginSuccess: 'User LoggedIn Successfully.',
  invalidCredentials: 'No active account found with the given credentials',
  tooManyLoginAttempts: (retry: string) => `Too many sign-in attempts. Please try again in ${retry}.`,
  badRequest: 'Bad Request',
  unauthorized: 'Unauthorized Request',
  forbidden: 'Unauthorized Request',
  notFound: 'Not Found',
  serverError: 'Internal Server Error',
  invalidInput: 'A value is out of range or cannot be stored. Please check the form.',
  conflictingInput: 'A value is already in use or refers to something that does not exist.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  usernameRequired: 'Please input your Username!',
  passwordRequired: 'Please input your Password!',
  resetEmailRequired: 'Please fill Email Field',
  resetLinkSent: 'Link to update your password have been sent to your mail.',
  validEmail: 'Please enter a valid Email',
  deleteConfirm: 'Are you sure to delete this?',
  somethingWrong: 'Sorry, something went wrong.',
} as const;

export const PAGE_NOT_FOUND = {
  title: 'Page Not Found',
  text: 'The page you are looking for has been temporarily moved or did not exist.',
} as const;
export const PERMISSION_DENIED = {
  title: 'Permission Denied',
  text: "You don't have permission to view this page",
} as const;

export const APP_VERSION = '1.0.76';
export const PAGE_SIZE = 20;
export const HTTP_TIMEOUT_MS = 20_000;
