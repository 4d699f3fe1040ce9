import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Empty } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { findDeclaration, idFromQuery, ParentBar, ResourcePage, resourceQueryKey, type Row } from '../../resources';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import * as T from './texts';

const SESSIONS = findDeclaration('offlineSessions');
const BatchSessionsDialog = lazy(() => import('./BatchSessionsDialog'));
const ReviewDialog = lazy(() => import('./ReviewDialog'));

/**
 * 系列活动场次 (`adminAct/adminOfflinesList?actID=`): the sessions of a series (the declared list:
 * add, edit, pause, delete), 批量生成 from a weekly pattern, and per session its bookings
 * (场次报名, `adminOfflinesListWork?actID=&sessionID=`) and its review materials.
 */
export default function SessionsPage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const act = idFromQuery(params.get('actID'));
  const [batch, setBatch] = useState(false);
  const [review, setReview] = useState<Row | null>(null);
  if (act === undefined) return <ResourcePage def={SESSIONS} org={org} needOrg={<Empty />} header={<ParentBar def={SESSIONS} org={org} />} />;
  return (
    <>
      <ResourcePage
        key={act}
        def={SESSIONS}
        org={org}
        parentId={act}
        header={<ParentBar def={SESSIONS} org={org} parentId={act} />}
        toolbar={({ controls }) =>
          controls.write && (
            <Button onClick={() => setBatch(true)} data-testid="batch-sessions">
              {T.BATCH}
            </Button>
          )
        }
        rowActions={[
          ({ row }) => (
            <Button size="small" type="link" onClick={() => navigate(scopeLink(org, `adminAct/adminOfflinesListWork?actID=${act}&sessionID=${row.id}`))}>
              {T.SIGNUPS}
            </Button>
          ),
          ({ row }) => (
            <Button size="small" type="link" onClick={() => setReview(row)}>
              {T.REVIEW}
            </Button>
          ),
        ]}
      />
      <Suspense fallback={null}>
        {batch && <BatchSessionsDialog org={org} act={act} onClose={() => setBatch(false)} onDone={() => void client.invalidateQueries({ queryKey: resourceQueryKey(SESSIONS) })} />}
        {review && <ReviewDialog org={org} act={act} sessionId={review.id as number} series title={String(review.title ?? '')} onClose={() => setReview(null)} />}
      </Suspense>
    </>
  );
}
