import { useNavigate, useSearchParams } from 'react-router';
import { Button, Empty, Flex } from 'antd';
import { PagePanel } from '../../shared/PagePanel';
import { PageLoading } from '../../shared/PageLoading';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { ResourcePage } from '../../resources/ResourcePage';
import { findDeclaration, idFromQuery } from '../../resources/listModel';
import { useContestCount } from './contestCount';
import * as T from './texts';

/** 知识竞赛统计详情 (`adminCount/adminActCount/actCountContestMore?actID=`): every attempt of the contest (declared list with its export). */
export default function ContestCountMorePage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const act = idFromQuery(params.get('actID'));
  // The figures tell the activity's type (and are cached from the page before).
  const count = useContestCount(org, act);
  const type = count.data?.activity.type;
  return (
    <PagePanel testId="contest-count-more">
      <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate(scopeLink(org, `adminCount/adminActCount/actCountContest?actID=${act ?? ''}`))}>{`${T.BACK}${T.COUNT_TITLE}`}</Button>
        <strong>{count.data ? `${T.MORE}：${count.data.activity.title}` : T.MORE}</strong>
      </Flex>
      {act === undefined ? <Empty description={T.NEED_ACTIVITY} /> : !type ? count.isPending ? <PageLoading /> : <Empty description={T.ACTIVITY_MISSING} /> : <ResourcePage def={findDeclaration(type === 6 ? 'contestProAttempts' : 'contestAttempts')} org={org} parentId={act} />}
    </PagePanel>
  );
}
