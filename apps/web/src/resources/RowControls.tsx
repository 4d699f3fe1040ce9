import { Suspense, lazy, useState, type ReactElement, type ReactNode } from 'react';
import { Button, Flex } from 'antd';
import { splitControls } from './rowControls';
import { MORE } from './texts';

// The tooltip and the dropdown load apart (rowControlPopups.tsx), asked for as soon as a list page
// is, so they are there by the time its rows show.
const popups = () => import('./rowControlPopups');
void popups().catch(() => undefined);
const RefusedTipPopup = lazy(() => popups().then((m) => ({ default: m.RefusedTip })));
const MoreMenuPopup = lazy(() => popups().then((m) => ({ default: m.MoreMenu })));

/** One control of a row: a declared action (a link button), or a page's own node. */
export interface ActionControl {
  key: string;
  label: string;
  onClick: () => void;
  danger?: boolean;
  /** Shown disabled with this reason as its tooltip. */
  refused?: string;
}
export type RowControl = ActionControl | { key: string; node: ReactNode };

/** A disabled control with why as its tooltip (its title until the tooltip has loaded). */
export function RefusedTip({ reason, children }: { reason: string; children: ReactElement }) {
  return (
    <Suspense fallback={<span title={reason}>{children}</span>}>
      <RefusedTipPopup reason={reason}>{children}</RefusedTipPopup>
    </Suspense>
  );
}

function ControlButton({ control }: { control: RowControl }) {
  if ('node' in control) return <span>{control.node}</span>;
  const button = (
    <Button type="link" size="small" danger={control.danger} disabled={!!control.refused} onClick={control.onClick}>
      {control.label}
    </Button>
  );
  return control.refused ? <RefusedTip reason={control.refused}>{button}</RefusedTip> : button;
}

/**
 * The 操作 cell: at most MAX_VISIBLE_CONTROLS controls in the row, the rest under 更多 (a dropdown
 * of the same buttons, closed after a choice), so the fixed column stays narrow.
 */
export function RowControls({ controls, wrap }: { controls: RowControl[]; wrap: boolean }) {
  const [open, setOpen] = useState(false);
  const { shown, more } = splitControls(controls);
  const trigger = (
    <Button type="link" size="small">
      {MORE}
    </Button>
  );
  return (
    <Flex wrap={wrap ? 'wrap' : 'nowrap'} style={wrap ? undefined : { whiteSpace: 'nowrap' }}>
      {shown.map((c) => (
        <ControlButton key={c.key} control={c} />
      ))}
      {more.length > 0 && (
        <Suspense fallback={trigger}>
          <MoreMenuPopup
            open={open}
            onOpenChange={setOpen}
            items={
              <Flex vertical align="start">
                {more.map((c) => (
                  <ControlButton key={c.key} control={c} />
                ))}
              </Flex>
            }
          >
            {trigger}
          </MoreMenuPopup>
        </Suspense>
      )}
    </Flex>
  );
}
