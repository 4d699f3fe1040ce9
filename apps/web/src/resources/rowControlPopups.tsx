import type { ReactElement, ReactNode } from 'react';
import { Dropdown, Tooltip, theme } from 'antd';

/**
 * The popups of the row controls (RowControls): a refused control's reason as a tooltip, and the
 * 更多 dropdown. Loaded apart from the list page (antd Tooltip and Dropdown with their trigger
 * would push list pages over their first-load budget, e2e/budgets.test.ts); until then a refused
 * control carries its reason as its title and 更多 is a plain button.
 */

export function RefusedTip({ reason, children }: { reason: string; children: ReactElement }) {
  return <Tooltip title={reason}>{children}</Tooltip>;
}

export function MoreMenu({ open, onOpenChange, items, children }: { open: boolean; onOpenChange: (open: boolean) => void; items: ReactNode; children: ReactElement }) {
  const { token } = theme.useToken();
  return (
    <Dropdown
      open={open}
      onOpenChange={onOpenChange}
      trigger={['click']}
      placement="bottomRight"
      popupRender={() => (
        // The dropdown's own look around the same buttons (a page's own control may carry its dialog).
        <div
          data-testid="row-more"
          onClick={() => onOpenChange(false)}
          style={{ background: token.colorBgElevated, boxShadow: token.boxShadowSecondary, borderRadius: token.borderRadiusLG, padding: 4 }}
        >
          {items}
        </div>
      )}
    >
      {children}
    </Dropdown>
  );
}
