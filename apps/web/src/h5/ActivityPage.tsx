import { Link, useParams } from 'react-router';
import { List } from 'antd-mobile';
import { ACTIVITY_TYPES, chinaDateTime } from '@huodong/domain';
import { useReaderRead, useReaderSession } from './reader';
import { H5Page } from './H5Page';
import { H5_KIND_PAGES } from './kinds';
import type { ReaderActivity } from './ActivitiesPage';
import { H5_TEXTS as T } from './texts';


interface ActivityDetail extends ReaderActivity {
  mine: { joined: boolean; joined_at: number | null; refusal: { code: string; message: string } | null; places_left: number | null };
}

/**
 * One activity with the reader's own status (`GET /client/activities/{id}`): joined or not, and
 * what the participation gate would refuse now, in the server's words (not started, finished,
 * paused, blacklisted until…, limit reached).
 */
export function ActivityPage() {
  const { org } = useReaderSession();
  const id = useParams().id!;
  const { data, error } = useReaderRead<ActivityDetail>(`/activities/${id}`);
  return (
    <H5Page title={data?.title ?? T.activities} testId="h5-activity" error={error} loading={!data}>
      {data && (
        <>
          {data.mine.refusal && (
            <p role="alert" className="h5-refusal">
              {data.mine.refusal.message}
            </p>
          )}
          <List className="h5-panel">
            <List.Item extra={ACTIVITY_TYPES[data.type]}>{'活动类型'}</List.Item>
            <List.Item extra={T.activityState[data.act_state]}>{'活动状态'}</List.Item>
            <List.Item description={`${chinaDateTime(data.start_at)} 至 ${chinaDateTime(data.end_at)}`}>{T.timeRange}</List.Item>
            <List.Item extra={data.join_num}>{T.joinNum}</List.Item>
            {data.mine.places_left !== null && <List.Item extra={data.mine.places_left}>{T.placesLeft}</List.Item>}
            <List.Item extra={data.mine.joined ? T.joined : T.notJoined}>{T.myActivities}</List.Item>
          </List>
          {H5_KIND_PAGES.filter((k) => k.type === data.type).map((k) => (
            <Link key={k.path} className="h5-link" style={{ justifyContent: 'center', background: '#0958d9', color: '#fff', borderRadius: 8 }} to={`/${org}/h5/activities/${data.id}/${k.path}`}>
              {k.label}
            </Link>
          ))}
        </>
      )}
    </H5Page>
  );
}
