import { useEffect, useMemo, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
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

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the system asks for less motion (WCAG 2.3.3), followed when the setting changes. */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** antd's configuration (theme.ts), its animations switched off (the `motion` token) when the system asks for less motion. */
export function AppProviders({ children }: { children: ReactNode }) {
  const reduced = useReducedMotion();
  const config = useMemo(() => (reduced ? { ...antdConfig, theme: { ...antdConfig.theme, token: { ...antdConfig.theme?.token, motion: false } } } : antdConfig), [reduced]);
  return (
    <ConfigProvider {...config}>
      <AppBase>
        <Feedback />
        {children}
      </AppBase>
    </ConfigProvider>
  );
}
