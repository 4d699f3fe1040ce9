import { useRouteError } from 'react-router';
import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import CloseCircleFilled from '@ant-design/icons/es/icons/CloseCircleFilled';
import { BACK_HOME, ERROR_DESCRIPTION, ERROR_TITLE } from '../shared/texts';

/**
 * Render errors and failed page-module loads (e.g. a stale chunk after a deploy). Part of the
 * first load, so it cannot fail to load itself; laid out like antd's `<Result status="error">`
 * without that module, whose status pictures would weigh on every first load.
 */
export function RouteError() {
  const error = useRouteError();
  const { token } = theme.useToken();
  console.error(error);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 16, padding: '48px 32px', textAlign: 'center' }}>
      <CloseCircleFilled style={{ fontSize: 72, color: token.colorError }} />
      <div style={{ fontSize: token.fontSizeHeading3, color: token.colorTextHeading }}>{ERROR_TITLE}</div>
      <div style={{ color: token.colorTextDescription }}>{ERROR_DESCRIPTION}</div>
      <Button type="primary" onClick={() => window.location.assign('/')}>
        {BACK_HOME}
      </Button>
    </div>
  );
}
