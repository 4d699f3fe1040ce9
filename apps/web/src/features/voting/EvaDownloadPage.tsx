import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Col, Empty, Row } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { download } from '../../shared/apiClient';
import { useApiQuery } from '../../shared/api';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { idOf, RESULTS_PAGE, resultsExportPath, resultsPath, sourcesExportPath, votesExportPath, votingKey, type VoteResultsAnswer } from './votingApi';
import { VotingFrame } from './VotingFrame';
import * as T from './texts';

type Kind = 'results' | 'votes' | 'sources';

const CHOICES: { kind: Kind; title: string; hint: string; path: (org: string) => string }[] = [
  { kind: 'results', title: T.DOWNLOAD_RESULTS, hint: T.DOWNLOAD_RESULTS_HINT, path: resultsExportPath },
  { kind: 'votes', title: T.DOWNLOAD_VOTES, hint: T.DOWNLOAD_VOTES_HINT, path: votesExportPath },
  { kind: 'sources', title: T.DOWNLOAD_SOURCES, hint: T.DOWNLOAD_SOURCES_HINT, path: sourcesExportPath },
];

/**
 * 投票评论下载 (`adminCount/adminActCount/actCountEvaDownload?actID=`, spec §2 adminCount): the
 * spreadsheets of a voting activity — its results (with the frozen version and hash once voting
 * ended), every vote, and its sources — each through the shared `download()` (errors are shown
 * by the client from the server's answer).
 */
export default function EvaDownloadPage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = idOf(params.get('actID'));
  const [busy, setBusy] = useState<Kind | null>(null);
  // The title of the activity, from the results the page before read (same query key: cached).
  const results = useApiQuery<VoteResultsAnswer>([...votingKey(id ?? 0), 'results'], id !== undefined ? resultsPath(org, id) : null);
  const title = results.data?.activity.title;

  const get = async (kind: Kind, path: string) => {
    if (id === undefined) return;
    setBusy(kind);
    try {
      await download(path, { act: id });
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(null);
    }
  };

  return (
    <VotingFrame
      testId="eva-download"
      back={T.BACK_TO_RESULTS}
      onBack={() => navigate(scopeLink(org, id !== undefined ? `${RESULTS_PAGE}?actID=${id}` : RESULTS_PAGE))}
      title={title ? `${T.DOWNLOAD_TITLE}：${title}` : T.DOWNLOAD_TITLE}
    >
      {id === undefined ? (
        <Empty description={T.NEED_ACTIVITY} />
      ) : (
        <Row gutter={[16, 16]}>
          {CHOICES.map((c) => (
            <Col key={c.kind} xs={24} md={8}>
              <Card size="small" title={c.title} style={{ height: '100%' }}>
                <p style={{ marginTop: 0 }}>{c.hint}</p>
                <Button
                  type="primary"
                  icon={<DownloadOutlined />}
                  loading={busy === c.kind}
                  disabled={busy !== null && busy !== c.kind}
                  aria-label={`${T.DOWNLOAD}：${c.title}`}
                  onClick={() => get(c.kind, c.path(org))}
                >
                  {T.DOWNLOAD}
                </Button>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </VotingFrame>
  );
}
