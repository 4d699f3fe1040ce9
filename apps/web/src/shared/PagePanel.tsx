import type { ReactNode } from 'react';
import { theme } from 'antd';

/** The card a page stands on: antd's container background and large radius, with the page's padding. */
export function PagePanel({ testId, children }: { testId?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div data-testid={testId} style={{ padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
      {children}
    </div>
  );
}
