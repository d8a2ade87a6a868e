import { MESSAGES } from '@rms/contracts/messages';
import type { LoginBody } from '@rms/contracts/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useId,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { ApiError, formFieldErrors } from '../../api/errors';
import { CURRENT_USER_KEY } from '../../auth/current-user';
import { startSession } from '../../auth/session-store';
import { BrandLogo } from '../../components/brand-logo';
import { notify } from '../../lib/notify';
import { AuthLayout } from './auth-layout';
import { login } from './session-api';
import { useBranding } from './use-branding';
import './sign-in.css';

// The sign-in page (spec 01 §1, §2, §5): logo and tagline, e-mail (sent as username) and password, Log
// in, and Forgot password. It is the first screen most visits show, so it is drawn with React alone,
// in antd's look (sign-in.css), and carries neither antd nor the router: the page needs about a third
// of the console's JavaScript before the form appears (bench/browser/js-per-route.ts; the budget is
// checked in e2e/session.spec.ts). The reset dialog is antd's, loaded when asked for.

const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog'));

/** The same test antd's `type: 'email'` rule made: something@something.something, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Field = keyof LoginBody;
type FieldErrors = Partial<Record<Field, string[]>>;

function check(values: LoginBody): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.username) errors.username = [MESSAGES.usernameRequired];
  else if (!EMAIL.test(values.username)) errors.username = [MESSAGES.validEmail];
  if (!values.password) errors.password = [MESSAGES.passwordRequired];
  return errors;
}

interface SignInScreenProps {
  /** The link to /ourpolicy: a router link inside the console, a plain one on the standalone page. */
  policyLink: ReactNode;
  /** Called when a valid form is sent (the standalone page starts loading the console then). */
  onSubmit?: () => void;
}

export function SignInScreen({ policyLink, onSubmit }: SignInScreenProps) {
  const branding = useBranding();
  const [resetOpen, setResetOpen] = useState(false);
  // Loaded on the first click, then kept: its message outlives the dialog's closing.
  const [resetLoaded, setResetLoaded] = useState(false);
  return (
    <AuthLayout>
      <section className="sign-in-card" aria-labelledby="sign-in-title">
        <div className="sign-in-brand">
          <BrandLogo src={branding.logoUrl} alt={branding.name} style={{ height: 56, maxWidth: 240 }} />
          <span className="sign-in-secondary">{branding.tagline}</span>
        </div>
        <h1 id="sign-in-title" className="sign-in-title">
          Sign in
        </h1>
        <SignInForm
          onSubmit={onSubmit}
          onForgotPassword={() => {
            setResetLoaded(true);
            setResetOpen(true);
          }}
        />
      </section>
      <span className="sign-in-secondary sign-in-policy">{policyLink}</span>
      {resetLoaded && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={resetOpen} onClose={() => setResetOpen(false)} />
        </Suspense>
      )}
    </AuthLayout>
  );
}

function SignInForm({ onSubmit, onForgotPassword }: { onSubmit?: () => void; onForgotPassword: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<LoginBody>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const signIn = useMutation({
    mutationFn: login,
    meta: { silent: true },
    onSuccess: (response) => {
      // The user arrives with the answer; no need to ask the server for it again straight away.
      queryClient.setQueryData(CURRENT_USER_KEY, response.user);
      startSession(response);
      notify.success(MESSAGES.loginSuccess);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const fromServer: FieldErrors = {};
      for (const { name, errors } of formFieldErrors(error, ['username', 'password']))
        fromServer[name] = errors;
      setErrors(fromServer);
    },
  });
  const refused =
    signIn.error instanceof ApiError ? signIn.error.messages : signIn.error ? [MESSAGES.somethingWrong] : [];

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: field === 'username' ? value.trim() : value };
    setValues(next);
    // Like antd's form: once sent, a field is checked again as it changes.
    if (submitted) setErrors((current) => ({ ...current, [field]: check(next)[field] }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    setSubmitted(true);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${found.username ? 'username' : 'password'}`)?.focus();
      return;
    }
    onSubmit?.();
    signIn.mutate(values);
  };

  return (
    <form name="login" noValidate onSubmit={submit}>
      {refused.length > 0 && (
        <div role="alert" className="sign-in-alert">
          <ErrorIcon />
          <div>
            {refused.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </div>
        </div>
      )}
      <TextField
        id={`${id}-username`}
        label="Email"
        errors={errors.username}
        icon={<MailIcon />}
        input={{
          name: 'username',
          type: 'text',
          inputMode: 'email',
          autoComplete: 'username',
          placeholder: 'name@company.com',
          value: values.username,
          onChange: (event) => change('username', event.target.value),
        }}
      />
      <PasswordField
        id={`${id}-password`}
        errors={errors.password}
        value={values.password}
        onChange={(value) => change('password', value)}
      />
      <div className="sign-in-forgot">
        <button type="button" className="sign-in-link" onClick={onForgotPassword}>
          Forgot password
        </button>
      </div>
      <button type="submit" className="sign-in-submit" aria-busy={signIn.isPending}>
        {signIn.isPending && <span className="sign-in-spinner" aria-hidden="true" />}
        Log in
      </button>
    </form>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  errors: string[] | undefined;
  icon: ReactNode;
  input: InputHTMLAttributes<HTMLInputElement>;
  suffix?: ReactNode;
}

function TextField({ id, label, errors, icon, input, suffix }: TextFieldProps) {
  const invalid = !!errors && errors.length > 0;
  return (
    <div className={invalid ? 'sign-in-field sign-in-field-invalid' : 'sign-in-field'}>
      <label htmlFor={id} className="sign-in-label">
        {label}
      </label>
      <span className="sign-in-input">
        {icon}
        <input
          id={id}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-help` : undefined}
          {...input}
        />
        {suffix}
      </span>
      <div id={`${id}-help`} className="sign-in-help" aria-live="polite">
        {errors?.map((error) => (
          <div key={error}>{error}</div>
        ))}
      </div>
    </div>
  );
}

function PasswordField(props: {
  id: string;
  errors: string[] | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      id={props.id}
      label="Password"
      errors={props.errors}
      icon={<LockIcon />}
      input={{
        name: 'password',
        type: shown ? 'text' : 'password',
        autoComplete: 'current-password',
        placeholder: 'Password',
        value: props.value,
        onChange: (event) => props.onChange(event.target.value),
      }}
      suffix={
        <button
          type="button"
          className="sign-in-reveal"
          aria-label="Show characters"
          aria-pressed={shown}
          aria-controls={props.id}
          onClick={() => setShown(!shown)}
        >
          <EyeIcon crossed={!shown} />
        </button>
      }
    />
  );
}

// The icons antd's form showed (MailOutlined, LockOutlined, the eye), as small inline SVG.
const svg = { width: 14, height: 14, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor' } as const;

function MailIcon() {
  return (
    <svg {...svg} strokeWidth={2} aria-hidden="true" className="sign-in-icon">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}

function LockIcon() {
  return (
    <svg {...svg} strokeWidth={2} aria-hidden="true" className="sign-in-icon">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg {...svg} strokeWidth={2} aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="m3 3 18 18" />}
    </svg>
  );
}

function ErrorIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" aria-hidden="true" className="sign-in-alert-icon">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path d="m8 8 8 8m0-8-8 8" stroke="#fff" strokeWidth={2.2} strokeLinecap="round" />
    </svg>
  );
}
