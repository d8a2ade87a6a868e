import type { App } from 'antd';

// The error catalogue runs outside React (in the fetch client and the query cache), yet its messages
// should use the themed, context-aware message API of antd's <App>. That component binds it here;
// before it mounts (on the sign-in page, which carries no antd, and in plain unit tests) antd's static
// API is loaded on first use, so that antd stays off the sign-in page's first download.
type Notifier = Pick<ReturnType<typeof App.useApp>['message'], 'success' | 'error' | 'warning' | 'info'>;
type Kind = keyof Notifier;

let current: Notifier | null = null;

export function bindNotifier(notifier: Notifier): () => void {
  current = notifier;
  return () => {
    if (current === notifier) current = null;
  };
}

function show(kind: Kind, text: string): void {
  if (current) {
    void current[kind](text);
    return;
  }
  void import('./antd-message').then(({ message }) => void message[kind](text));
}

export const notify = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  warning: (text: string) => show('warning', text),
  info: (text: string) => show('info', text),
};
