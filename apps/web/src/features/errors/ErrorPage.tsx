import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { homePath } from '../../shared/scope';
import { useScope } from '../../shared/useScope';
import { BACK_HOME, ERROR_DESCRIPTION, ERROR_TITLE } from '../../shared/texts';

/** General error page (`/error`, `/{org}/errorPage`; also where permission denials land). */
export default function ErrorPage() {
  const { scope } = useScope();
  const navigate = useNavigate();
  return (
    <Result
      status="error"
      title={ERROR_TITLE}
      subTitle={ERROR_DESCRIPTION}
      data-testid="error-page"
      extra={
        <Button type="primary" onClick={() => navigate(homePath(scope))}>
          {BACK_HOME}
        </Button>
      }
    />
  );
}
