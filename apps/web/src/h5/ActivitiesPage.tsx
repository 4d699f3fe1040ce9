import { Link } from 'react-router';
import { List, Tag } from 'antd-mobile';
import { ACTIVITY_TYPES, chinaDate } from '@huodong/domain';
import { useReaderRead, useReaderSession } from './reader';
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
  const { data, error } = useReaderRead<{ items: ReaderActivity[] }>('/activities?limit=50');
  return (
    <H5Page title={T.myActivities} testId="h5-activities" error={error} loading={!data}>
      {data && data.items.length === 0 && <p className="h5-muted">{T.noActivities}</p>}
      {data && data.items.length > 0 && (
        <List>
          {data.items.map((a) => (
            <List.Item key={a.id} description={`${ACTIVITY_TYPES[a.type] ?? ''} · ${chinaDate(a.start_at)} 至 ${chinaDate(a.end_at)}`} extra={<Tag color={a.act_state === 2 ? 'success' : 'default'}>{T.activityState[a.act_state]}</Tag>}>
              <Link className="h5-link" to={`/${org}/h5/activities/${a.id}`}>
                {a.title}
              </Link>
            </List.Item>
          ))}
        </List>
      )}
    </H5Page>
  );
}
