import { useState } from 'react';
import { Link } from 'react-router';
import { Button, List, Selector, Space, Tag } from 'antd-mobile';
import { ACTIVITY_TYPES, chinaDate } from '@huodong/domain';
import { useReaderList, useReaderRead, useReaderSession } from './reader';
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
  tags: { id: number; name: string }[];
}

interface ReaderTag {
  id: number;
  name: string;
}

interface ListProps {
  /** The list's query (`mine=1` or nothing) before the tag. */
  query: string;
  title: string;
  testId: string;
  empty: string;
}

/**
 * A list of activities (`GET /client/activities`), filtered by one tag (`tag_id`, from
 * `GET /client/tags`) when the organisation has tags.
 */
function TaggedList(props: ListProps) {
  const [tag, setTag] = useState(0);
  const tags = useReaderRead<{ items: ReaderTag[] }>('/tags').data?.items ?? [];
  const query = [props.query, tag ? `tag_id=${tag}` : ''].filter(Boolean).join('&');
  return (
    // A new list (from its first page) per tag.
    <ActivityList key={tag} {...props} path={query ? `/activities?${query}` : '/activities'}>
      {tags.length > 0 && (
        <div aria-label={T.tagFilter} style={{ marginBottom: 12 }}>
          <Selector options={[{ label: T.allTags, value: 0 }, ...tags.map((t) => ({ label: t.name, value: t.id }))]} value={[tag]} onChange={(v) => setTag(v[0] ?? 0)} />
        </div>
      )}
    </ActivityList>
  );
}

/** A list of activities, 20 at a time, each with its type, dates, state and tags, linked to its page. */
function ActivityList({ path, title, testId, empty, children }: ListProps & { path: string; children: React.ReactNode }) {
  const { org } = useReaderSession();
  const { items, error, hasMore, more } = useReaderList<ReaderActivity>(path);
  return (
    <H5Page title={title} testId={testId} error={error} loading={!items}>
      {children}
      {items && items.length === 0 && <p className="h5-muted">{empty}</p>}
      {items && items.length > 0 && (
        <List>
          {items.map((a) => (
            <List.Item key={a.id} description={`${ACTIVITY_TYPES[a.type] ?? ''} · ${chinaDate(a.start_at)} 至 ${chinaDate(a.end_at)}`} extra={<Tag color={a.act_state === 2 ? 'success' : 'default'}>{T.activityState[a.act_state]}</Tag>}>
              <Link className="h5-link" to={`/${org}/h5/activities/${a.id}`}>
                {a.title}
              </Link>
              {a.tags.length > 0 && (
                <Space wrap style={{ marginTop: 4, display: 'flex' }}>
                  {a.tags.map((t) => (
                    <Tag key={t.id} color="primary" fill="outline">
                      {t.name}
                    </Tag>
                  ))}
                </Space>
              )}
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

/** The activities the reader may take part in (the scope applied by the server), newest first. */
export function ActivitiesPage() {
  return <TaggedList query="" title={T.activities} testId="h5-activities" empty={T.noActivities} />;
}

/** 我的活动: the activities the reader joined (`mine=1`), with their state. */
export function MyActivitiesPage() {
  return <TaggedList query="mine=1" title={T.myActivities} testId="h5-my-activities" empty={T.noJoined} />;
}
