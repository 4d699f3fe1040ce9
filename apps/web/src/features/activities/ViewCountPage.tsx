import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Col, Result, Row, Statistic, Tag, theme } from 'antd';
import { IS_PAUSE } from '@huodong/domain';
import { api } from '../../shared/apiClient';
import { PageLoading } from '../../shared/PageLoading';
import { useScope } from '../../shared/useScope';
import { actIdOf } from './actId';
import { publicActivityPath, publicState, publicStateLabel, timeRange, type PublicActivity } from './publicActivity';
import { ACTIVITY_MISSING, ACT_STATE, ACT_TIME, PARTICIPANTS, PUBLIC_TITLE, VIEWS } from './texts';

type Loaded = { kind: 'loading' } | { kind: 'missing' } | { kind: 'done'; activity: PublicActivity };

/**
 * 浏览统计 (`/{org}/alter/viewCount?actID=`, spec §2: no sign-in): a published activity's public
 * figures — title, state, time, views and participants. Outside the signed-in layout (no query
 * client there): one plain call, its error shown here rather than as a message.
 */
export default function ViewCountPage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const { token } = theme.useToken();
  const id = actIdOf(params.get('actID'));
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });

  useEffect(() => {
    if (id === undefined) {
      setLoaded({ kind: 'missing' });
      return;
    }
    const abort = new AbortController();
    setLoaded({ kind: 'loading' });
    api.get<PublicActivity>(publicActivityPath(org, id), undefined, { silent: true, signal: abort.signal }).then(
      (activity) => setLoaded({ kind: 'done', activity }),
      () => {
        if (!abort.signal.aborted) setLoaded({ kind: 'missing' });
      },
    );
    return () => abort.abort();
  }, [org, id]);

  let body;
  if (loaded.kind === 'loading') body = <PageLoading />;
  else if (loaded.kind === 'missing') body = <Result status="404" title={ACTIVITY_MISSING} data-testid="view-count-missing" />;
  else {
    const a = loaded.activity;
    body = (
      <Card
        data-testid="view-count"
        title={
          // A heading for the page, styled as the card's title.
          <h1 style={{ margin: 0, fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4, fontWeight: token.fontWeightStrong, whiteSpace: 'normal' }}>{a.title}</h1>
        }
        extra={a.org_name}
      >
        <Row gutter={[16, 16]}>
          <Col xs={12} sm={6}>
            <Statistic title={VIEWS} value={a.view_count} />
          </Col>
          <Col xs={12} sm={6}>
            <Statistic title={PARTICIPANTS} value={a.join_num} />
          </Col>
          <Col xs={24} sm={12}>
            <div style={{ color: token.colorTextDescription, marginBottom: 4 }}>{ACT_STATE}</div>
            <Tag color={publicState(a) === 2 ? 'green' : undefined}>{publicStateLabel(a)}</Tag>
            {a.is_pause === 1 && <Tag color="orange">{IS_PAUSE[1]}</Tag>}
          </Col>
          <Col span={24}>
            <div style={{ color: token.colorTextDescription, marginBottom: 4 }}>{ACT_TIME}</div>
            <div>{timeRange(a)}</div>
          </Col>
        </Row>
      </Card>
    );
  }

  return (
    <main aria-label={PUBLIC_TITLE} style={{ maxWidth: 720, margin: '0 auto', padding: 24 }}>
      {body}
    </main>
  );
}
