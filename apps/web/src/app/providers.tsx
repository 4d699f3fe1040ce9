import { useLayoutEffect, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { MESSAGE_CONFIG, NOTIFICATION_CONFIG, bindFeedback } from '../shared/feedback';
import { queryClient } from '../shared/queryClient';
import { antdConfig } from './theme';

/** Hands antd's context-aware message / notification / modal to code outside components. */
function FeedbackBridge() {
  const { message, notification, modal } = App.useApp();
  useLayoutEffect(() => bindFeedback({ message, notification, modal }), [message, notification, modal]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider {...antdConfig}>
      <App message={MESSAGE_CONFIG} notification={NOTIFICATION_CONFIG}>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
