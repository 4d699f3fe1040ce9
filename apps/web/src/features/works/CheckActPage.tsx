import { useNavigate } from 'react-router';
import { MODERATION_MODES, type CheckActivityRow } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { PagePanel } from '../../shared/PagePanel';
import { PendingActivitiesTable } from '../../shared/PendingActivitiesTable';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import * as T from './texts';

interface CheckKindInfo {
  kind: string;
  label: string;
  page: string;
}

/**
 * 作品审核 (`adminCheck/adminCheckAct`, design §1.5): the activities with works waiting for review
 * (the server's `/check/activity` lists only the works' kinds), by kind, with their counts and
 * moderation mode by their labels; 审核 opens the kind's page.
 */
export default function CheckActPage() {
  const { scope: org } = useScope();
  const navigate = useNavigate();
  const q = useApiQuery<{ items: CheckActivityRow[]; kinds: CheckKindInfo[] }>(['checkQueue', 'activities'], `/v1/${org}/check/activity`);
  const kinds = new Map((q.data?.kinds ?? []).map((k) => [k.kind, k]));
  return (
    <PagePanel>
      <PendingActivitiesTable<CheckActivityRow>
        testId="check-activities"
        rowKey={(r) => `${r.kind}-${r.id}`}
        loading={q.isPending}
        rows={q.data?.items}
        texts={{ activity: T.ACTIVITY, pending: T.PENDING, empty: T.NO_PENDING, open: T.OPEN_QUEUE }}
        columns={[
          { title: T.KIND, dataIndex: 'kind', width: 140, render: (k: string) => kinds.get(k)?.label ?? k },
          { title: T.MODERATION, dataIndex: 'moderation', width: 110, render: (m: string) => MODERATION_MODES[m as keyof typeof MODERATION_MODES] ?? m },
        ]}
        onOpen={(r) => navigate(scopeLink(org, `${kinds.get(r.kind)?.page ?? ''}?actID=${r.id}&kind=${r.kind}`))}
      />
    </PagePanel>
  );
}
