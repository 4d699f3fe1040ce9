import type { ConfigProviderProps } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { POPOVER_DELAY_MS, TOOLTIP_MAX_WIDTH } from '@huodong/domain';

const delay = { mouseEnterDelay: POPOVER_DELAY_MS / 1000, mouseLeaveDelay: POPOVER_DELAY_MS / 1000 };

/**
 * antd defaults of spec §9 that ConfigProvider can carry. Others live where antd allows them:
 * message / notification durations in the `<App>` props (providers.tsx), table pagination in
 * shared/antdDefaults.ts (TABLE_PAGINATION), modal width in shared/AppModal.tsx, menu delays on
 * the layout's Menu.
 */
export const antdConfig: ConfigProviderProps = {
  locale: zhCN,
  theme: {
    components: { Tooltip: { maxWidth: TOOLTIP_MAX_WIDTH } },
  },
  pagination: { showSizeChanger: true },
  // antd puts a space between two Chinese characters (登 录); buttons keep the spec's text (登录, 编辑, 删除).
  button: { autoInsertSpace: false },
  tooltip: delay,
  popover: delay,
};
