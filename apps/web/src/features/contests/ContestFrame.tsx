import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Empty, Flex } from 'antd';
import { routeOfResource } from '@huodong/domain/routes';
import { PagePanel } from '../../shared/PagePanel';
import { useApiQuery } from '../../shared/api';
import { PageLoading } from '../../shared/PageLoading';
import { scopeLink } from '../../shared/scope';
import { BASE, type ContestType } from './contestApi';
import * as T from './texts';

export interface ContestInfo {
  id: number;
  title: string;
  type: number;
}

/** The activity of `?actID=` (type 3 or 6) read through its declared path. */
export function useContest(org: string, type: ContestType | undefined, act: number | undefined) {
  return useApiQuery<ContestInfo>(['resource', BASE[type ?? 3], 'one', act], act !== undefined && type ? `/v1/${org}/${BASE[type]}/${act}` : null);
}

/** A contest page's frame: back to the list it came from (or a given page), the title, then the page. */
export function ContestFrame({ org, type, act, title, testId, back, extra, children }: { org: string; type: ContestType; act: number | undefined; title: string; testId: string; back?: { label: string; path: string }; extra?: ReactNode; children: (info: ContestInfo) => ReactNode }) {
  const navigate = useNavigate();
  const contest = useContest(org, type, act);
  const list = routeOfResource(BASE[type]);
  const target = back ?? (list ? { label: `${T.BACK}${list.title}`, path: list.path } : undefined);
  let body: ReactNode;
  if (act === undefined) body = <Empty description={T.NEED_ACTIVITY} />;
  else if (contest.isPending) body = <PageLoading />;
  else if (!contest.data) body = <Empty description={T.ACTIVITY_MISSING} />;
  else body = children(contest.data);
  return (
    <PagePanel testId={testId}>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => (target ? navigate(scopeLink(org, target.path)) : navigate(-1))}>{target?.label ?? T.BACK}</Button>
        <strong data-testid="contest-title">{contest.data ? `${title}：${contest.data.title}` : title}</strong>
        {extra}
      </Flex>
      {body}
    </PagePanel>
  );
}
