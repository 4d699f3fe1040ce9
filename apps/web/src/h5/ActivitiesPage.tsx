import { Link } from 'react-router';
import { Button, List, Tag } from 'antd-mobile';
import { ACTIVITY_TYPES, chinaDate } from '@huodong/domain';
import { useReaderList, useReaderSession } from './reader';
import { H5Page } from './H5Page';
import { H5_TEXTS as T } from './texts';

export interface ReaderActivity {
  id: number;
  type: number;
  title: string;
  start_at: number;
  end_at: number;
  act_state: number;
  join_num: number;
}

/** A list of activities, 20 at a time, each with its type, dates and state, linked to its page. */
function ActivityList({ path, title, testId, empty }: { path: string; title: string; testId: string; empty: string }) {
  const { org } = useReaderSession();
  const { items, error, hasMore, more } = useReaderList<ReaderActivity>(path);
  return (
    <H5Page title={title} testId={testId} error={error} loading={!items}>
      {items && items.length === 0 && <p className="h5-muted">{empty}</p>}
      {items && items.length > 0 && (
        <List>
          {items.map((a) => (
            <List.Item key={a.id} description={`${ACTIVITY_TYPES[a.type] ?? ''} · ${chinaDate(a.start_at)} 至 ${chinaDate(a.end_at)}`} extra={<Tag color={a.act_state === 2 ? 'success' : 'default'}>{T.activityState[a.act_state]}</Tag>}>
              <Link className="h5-link" to={`/${org}/h5/activities/${a.id}`}>
                {a.title}
              </Link>
            </List.Item>
          ))}
        </List>
      )}
      {hasMore && (
        <Button block size="large" onClick={more} style={{ marginTop: 12 }}>
          {T.more}
        </Button>
      )}
    </H5Page>
  );
}

/** The activities the reader may take part in (`GET /client/activities`, the scope applied by the server), newest first. */
export function ActivitiesPage() {
  return <ActivityList path="/activities" title={T.activities} testId="h5-activities" empty={T.noActivities} />;
}

/** 我的活动: the activities the reader joined (`GET /client/activities?mine=1`), with their state. */
export function MyActivitiesPage() {
  return <ActivityList path="/activities?mine=1" title={T.myActivities} testId="h5-my-activities" empty={T.noJoined} />;
}
