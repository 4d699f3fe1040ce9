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

/** The activities the reader may take part in (`GET /client/activities`, the scope applied by the server), newest first. */
export function ActivitiesPage() {
  const { org } = useReaderSession();
  const { items, error, hasMore, more } = useReaderList<ReaderActivity>('/activities');
  return (
    <H5Page title={T.myActivities} testId="h5-activities" error={error} loading={!items}>
      {items && items.length === 0 && <p className="h5-muted">{T.noActivities}</p>}
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
