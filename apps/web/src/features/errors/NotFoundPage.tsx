import { useNavigate, useSearchParams } from 'react-router';
import { Button, Result } from 'antd';
import { ORG_NOT_FOUND, PAGE_NOT_FOUND } from '@huodong/domain';
import { ORG_NOT_FOUND_REASON } from '../../shared/scope';
import { BACK_HOME } from '../../shared/texts';

/** `/error404`: 页面不存在, or 机构不存在 when reached with `?reason=org`. */
export default function NotFoundPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const title = params.get('reason') === ORG_NOT_FOUND_REASON ? ORG_NOT_FOUND : PAGE_NOT_FOUND;
  return (
    <Result
      status="404"
      title="404"
      subTitle={title}
      data-testid="not-found-page"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {BACK_HOME}
        </Button>
      }
    />
  );
}
