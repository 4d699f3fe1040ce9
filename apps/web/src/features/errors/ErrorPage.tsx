import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Result } from 'antd';
import { PAGE_NOT_FOUND } from '@huodong/domain/messages';
import { PAGE_NOT_FOUND_REASON, homePath } from '../../shared/scope';
import { useScope } from '../../shared/useScope';
import { APP_NAME, BACK_HOME, ERROR_DESCRIPTION, ERROR_TITLE } from '../../shared/texts';
import { PAGE_MISSING_DESCRIPTION } from './texts';

/**
 * General error page (`/error`, `/{org}/errorPage`; also where permission denials land). Reached
 * from an address no page answers (`?reason=page`), it says the page does not exist rather than
 * that something failed.
 */
export default function ErrorPage() {
  const { scope } = useScope();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const missing = params.get('reason') === PAGE_NOT_FOUND_REASON;
  const title = missing ? PAGE_NOT_FOUND : ERROR_TITLE;
  useEffect(() => {
    document.title = `${title} - ${APP_NAME}`;
  }, [title]);
  return (
    <Result
      status={missing ? 'warning' : 'error'}
      // The page's one heading (WCAG 1.3.1); Result draws its title in a div.
      title={<h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>{title}</h1>}
      subTitle={missing ? PAGE_MISSING_DESCRIPTION : ERROR_DESCRIPTION}
      data-testid="error-page"
      extra={
        <Button type="primary" onClick={() => navigate(homePath(scope))}>
          {BACK_HOME}
        </Button>
      }
    />
  );
}
