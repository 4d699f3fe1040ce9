import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from 'antd';
import DeclaredPage from '../../resources/DeclaredPage';
import { idFromQuery } from '../../shared/idFromQuery';
import { useScope } from '../../shared/session';
import * as T from './texts';

const CommentReportsDialog = lazy(() => import('./CommentReportsDialog'));

/** 评论管理 (`adminAct/adminEvaComment?actID=`): the declared comment queue, and a reported comment's 举报详情. */
export default function EvaCommentPage() {
  const { scope } = useScope();
  const act = idFromQuery(useSearchParams()[0].get('actID'));
  const [shown, setShown] = useState<{ id: number; content: string } | null>(null);
  return (
    <>
      <DeclaredPage
        resource="commentChecks"
        rowActions={[
          ({ row }) =>
            act !== undefined && Number(row.report_count) > 0 ? (
              <Button size="small" type="link" onClick={() => setShown({ id: Number(row.id), content: String(row.content ?? '') })}>
                {T.REPORTS}
              </Button>
            ) : null,
        ]}
      />
      {shown && act !== undefined && (
        <Suspense>
          <CommentReportsDialog org={scope} act={act} comment={shown} onClose={() => setShown(null)} />
        </Suspense>
      )}
    </>
  );
}
