import { message, type App } from 'antd';

// The error catalogue runs outside React (in the fetch client and the query cache), yet its messages
// should use the themed, context-aware message API of antd's <App>. That component binds it here;
// before it mounts (and in plain unit tests) antd's static API is used.
type Notifier = Pick<ReturnType<typeof App.useApp>['message'], 'success' | 'error' | 'warning' | 'info'>;

let current: Notifier = message;

export function bindNotifier(notifier: Notifier): () => void {
  current = notifier;
  return () => {
    if (current === notifier) current = message;
  };
}

export const notify = {
  success: (text: string) => void current.success(text),
  error: (text: string) => void current.error(text),
  warning: (text: string) => void current.warning(text),
  info: (text: string) => void current.info(text),
};
