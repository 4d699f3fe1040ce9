import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import theme from 'antd/es/theme';
import { feedbackWanted } from '../shared/feedback';
import { useValueStore } from '../shared/store';
import { antdConfig } from './theme';

/**
 * Loads and mounts the feedback host once something is to be shown (see shared/feedback.ts). Not
 * React.lazy: a chunk that fails to load (network down) must not take the app down with it; the
 * next message tries again.
 */
function Feedback() {
  const wanted = useValueStore(feedbackWanted);
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!wanted || Host) return;
    import('./FeedbackHost').then(
      (m) => setHost(() => m.default),
      () => feedbackWanted.set(false),
    );
  }, [wanted, Host]);
  return Host ? <Host /> : null;
}

/** The base text style antd's `<App>` would give (its message/modal hooks are loaded lazily instead). */
function AppBase({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      {children}
    </div>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider {...antdConfig}>
      <AppBase>
        <Feedback />
        {children}
      </AppBase>
    </ConfigProvider>
  );
}
