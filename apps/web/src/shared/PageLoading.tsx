import theme from 'antd/es/theme';
import { LOADING } from '@huodong/domain/messages';

/**
 * The loading screen (spec §2): a spinner with 正在加载.... Part of the first load, so the spinner
 * is antd Spin's four dots drawn by app.css (`.page-loading-dots`), not the Spin component.
 */
export function PageLoading() {
  const { token } = theme.useToken();
  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 12, minHeight: 240 }}
      data-testid="page-loading"
      aria-busy="true"
      aria-live="polite"
    >
      <span className="page-loading-dots" style={{ color: token.colorPrimary }} aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
      <span>{LOADING}</span>
    </div>
  );
}
