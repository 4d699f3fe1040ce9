import { useRouteError } from 'react-router';
import { Button, Result } from 'antd';
import { BACK_HOME, ERROR_DESCRIPTION, ERROR_TITLE } from '../shared/texts';

/** Render errors and failed page-module loads (e.g. a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Result
      status="error"
      title={ERROR_TITLE}
      subTitle={ERROR_DESCRIPTION}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/')}>
          {BACK_HOME}
        </Button>
      }
    />
  );
}
