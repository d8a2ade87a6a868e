import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { SessionSync } from './auth/session-sync';
import { takeFlash } from './lib/flash-message';
import { bindNotifier } from './lib/notify';
import { useTheme } from './lib/theme';

/** Hands antd's context-aware message API to code outside React, and shows a message kept across a reload. */
function MessageBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    const unbind = bindNotifier(message);
    const flash = takeFlash();
    if (flash) void message[flash.type](flash.text);
    return unbind;
  }, [message]);
  return null;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const theme = useTheme();
  return (
    <ConfigProvider theme={theme}>
      <AntdApp>
        <QueryClientProvider client={queryClient}>
          <MessageBridge />
          <SessionSync />
          {children}
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
