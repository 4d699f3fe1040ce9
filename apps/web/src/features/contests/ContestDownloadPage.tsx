import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Col, Empty, Flex, Row } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { PagePanel } from '../../shared/PagePanel';
import { download } from '../../shared/apiClient';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { idFromQuery } from '../../resources/listModel';
import * as T from './texts';

/**
 * 知识竞赛下载 (`adminCount/adminActCount/actCountContestDownload?actID=`): the ranking, the
 * objective questions' figures and the short answers as spreadsheets, and the zip of answers.
 */
export default function ContestDownloadPage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const act = idFromQuery(params.get('actID'));
  const [busy, setBusy] = useState<string | null>(null);
  const get = async (kind: string) => {
    if (act === undefined) return;
    setBusy(kind);
    try {
      await download(`/v1/${org}/export/${kind}`, { act }, kind === 'answers' ? { filename: 'answers.zip' } : undefined);
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(null);
    }
  };
  return (
    <PagePanel testId="contest-download">
      <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate(scopeLink(org, `adminCount/adminActCount/actCountContest?actID=${act ?? ''}`))}>{`${T.BACK}${T.COUNT_TITLE}`}</Button>
        <strong>{T.DOWNLOAD_TITLE}</strong>
      </Flex>
      {act === undefined ? (
        <Empty description={T.NEED_ACTIVITY} />
      ) : (
        <Row gutter={[16, 16]}>
          {T.DOWNLOADS.map((c) => (
            <Col key={c.kind} xs={24} md={12} xl={6}>
              <Card size="small" title={c.title} style={{ height: '100%' }}>
                <p style={{ marginTop: 0 }}>{c.hint}</p>
                <Button type="primary" icon={<DownloadOutlined />} loading={busy === c.kind} disabled={busy !== null && busy !== c.kind} aria-label={`${T.DOWNLOAD}：${c.title}`} onClick={() => get(c.kind)}>
                  {T.DOWNLOAD}
                </Button>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </PagePanel>
  );
}
