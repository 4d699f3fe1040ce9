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

/**
 * The activities the reader may take part in (`GET /client/activities`, the scope applied by the
 * server), newest first, with their tags; filtered by one tag (`tag_id`, from `GET /client/tags`).
 */
export function ActivitiesPage() {
  const [tag, setTag] = useState(0);
  const tags = useReaderRead<{ items: ReaderTag[] }>('/tags').data?.items ?? [];
  // A new list (from its first page) per tag.
  return <TaggedActivities key={tag} tag={tag} tags={tags} onTag={setTag} />;
}

function TaggedActivities({ tag, tags, onTag }: { tag: number; tags: ReaderTag[]; onTag: (tag: number) => void }) {
  const { org } = useReaderSession();
  const { items, error, hasMore, more } = useReaderList<ReaderActivity>(tag ? `/activities?tag_id=${tag}` : '/activities');
  return (
    <H5Page title={T.myActivities} testId="h5-activities" error={error} loading={!items}>
      {tags.length > 0 && (
        <div aria-label={T.tagFilter} style={{ marginBottom: 12 }}>
          <Selector
            options={[{ label: T.allTags, value: 0 }, ...tags.map((t) => ({ label: t.name, value: t.id }))]}
            value={[tag]}
            onChange={(v) => onTag(v[0] ?? 0)}
          />
        </div>
      )}
      {items && items.length === 0 && <p className="h5-muted">{T.noActivities}</p>}
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
