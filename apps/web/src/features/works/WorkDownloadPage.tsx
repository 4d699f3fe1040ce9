import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Col, Empty, Flex, Row, theme } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { PagePanel } from '../../shared/PagePanel';
import { api } from '../../shared/api';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { idFromQuery } from '../../resources/listModel';
import { COUNT_PAGE, downloadWorks, WORK_EXPORT, type WorkPart, type WorkType } from './workApi';
import * as T from './texts';

type Choice = { key: 'list' | WorkPart; title: string; hint: string };
const LIST: Choice = { key: 'list', title: T.DOWNLOAD_LIST, hint: T.DOWNLOAD_LIST_HINT };
const PASSED: Choice = { key: 'passed', title: T.DOWNLOAD_PASSED, hint: T.DOWNLOAD_PASSED_HINT };
const PROGRAM: Choice = { key: 'program', title: T.DOWNLOAD_PROGRAM, hint: T.DOWNLOAD_PROGRAM_HINT };

/**
 * 原创作品下载 / 多类型原创下载 (`actCountOriDownload`, `actCountOriMixDownload` `?actID=`): a works
 * activity's list as a spreadsheet, and the files of every work that passed review, or of its
 * performances (节目下载, `actCountOriProgramload?actID=&type=`), as one zip streamed by the server
 * with the spec's retries (§8).
 */
export function WorkDownloadPage({ type, programs }: { type: WorkType; programs?: boolean }) {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const act = idFromQuery(params.get('actID'));
  const [busy, setBusy] = useState<Choice['key'] | null>(null);
  const choices = programs ? [PROGRAM] : [LIST, PASSED, PROGRAM];

  const get = async (key: Choice['key']) => {
    if (act === undefined) return;
    setBusy(key);
    try {
      if (key === 'list') await api.download(`/v1/${org}/export/${WORK_EXPORT[type]}`, { act }, { filename: `${T.DOWNLOAD_LIST}.xlsx` });
      else await downloadWorks(org, type, act, key);
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(null);
    }
  };

  return (
    <PagePanel testId="work-download">
      <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate(scopeLink(org, act !== undefined ? `${COUNT_PAGE[type]}?actID=${act}` : COUNT_PAGE[type]))}>{`${T.BACK}${T.COUNT_TITLE}`}</Button>
        <h5 style={{ margin: 0, fontSize: token.fontSizeHeading5, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}>{programs ? T.PROGRAM_DOWNLOAD_TITLE : T.DOWNLOAD_TITLE}</h5>
      </Flex>
      {act === undefined ? (
        <Empty description={T.NEED_ACTIVITY} />
      ) : (
        <Row gutter={[16, 16]}>
          {choices.map((c) => (
            <Col key={c.key} xs={24} md={8}>
              <Card size="small" title={c.title} style={{ height: '100%' }}>
                <p style={{ marginTop: 0 }}>{c.hint}</p>
                <Button
                  type="primary"
                  icon={<DownloadOutlined />}
                  loading={busy === c.key}
                  disabled={busy !== null && busy !== c.key}
                  aria-label={`${T.DOWNLOAD_ACTION}：${c.title}`}
                  onClick={() => void get(c.key)}
                >
                  {T.DOWNLOAD_ACTION}
                </Button>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </PagePanel>
  );
}
