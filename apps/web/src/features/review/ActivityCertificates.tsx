import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Modal, Progress, Radio, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import {
  CERT_KINDS,
  CERT_RULES,
  CERT_RULE_KIND,
  DEFAULT_CERT_NO_PATTERN,
  WORK_KINDS,
  WORK_STATUS,
  canWrite,
  certRulesOf,
  formatSeconds,
  type CertKind,
  type CertRuleKind,
  type WorkStatus,
} from '@huodong/domain';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import { feedback } from '../../shared/feedback';
import { useSelf } from '../../shared/session';
import { callerFromSelf, findDeclaration } from '../../resources';
import * as T from './texts';

/** What `GET /cert/{id}/config` answers (null before the first save). */
interface CertConfigRow {
  template_id: number;
  issue_mode: 'manual' | 'auto';
  auto_rule: { kind: CertRuleKind; levels: string[] } | null;
  cert_no_pattern: string;
  expires_months: number;
  notify: number;
}
interface Template {
  id: number;
  name: string;
  kind: CertKind;
  is_pause?: number;
}
interface Cert {
  id: number;
  work_id: number | null;
  holder: string;
  work_title: string;
  kind: CertKind;
  kind_label: string;
  award_level: string;
  cert_no: string;
  verify_code: string;
  issued_at: number;
  revoked_at: number | null;
  revoke_reason: string | null;
  replaced_by: number | null;
  rendered: boolean;
  verify_count: number;
  status: 'valid' | 'revoked' | 'expired';
  status_label: string;
}
interface Job {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  failed: number;
  error: string | null;
  issued?: number;
}
interface Paged<T> {
  items: T[];
  _meta: { totalCount: number };
}
interface WorkRow {
  id: number;
  work_no: string | null;
  title: string;
  author_name: string;
  status: WorkStatus;
  award_level: string | null;
}

const STATUS_COLOR: Record<Cert['status'], string> = { valid: 'green', revoked: 'red', expired: 'default' };
const TEMPLATES = findDeclaration('certTemplates');
/** The form's values: the rule's kind '' = no rule (manual issue by the template's kind). */
interface FormValues {
  template_id?: number;
  issue_mode: 'manual' | 'auto';
  rule: CertRuleKind | '';
  levels: string[];
  cert_no_pattern: string;
  expires_months: number;
  notify: boolean;
}

/**
 * 证书 (a tab of 活动详情, `/v1/{org}/cert/{id}/…`): the activity's certificate settings — template,
 * issue rule (`certificateGrant`: passed works → participation, awarded works of the chosen
 * levels → award), number pattern, validity — the batch send as a background job with its
 * progress (polled), issuing to chosen works, and the issued certificates with their PDF,
 * revoke (a reason, confirmed) and reissue. Loaded with the tab, not with the detail page.
 */
export default function ActivityCertificates({ org, actId, actType }: { org: string; actId: number; actType: number }) {
  const base = `/v1/${org}/cert/${actId}`;
  const key = ['certificates', org, actId];
  const self = useSelf();
  const caller = callerFromSelf(self.data);
  const writable = !!caller && canWrite(TEMPLATES, caller);
  const config = useApiQuery<CertConfigRow | null>([...key, 'config'], `${base}/config`);
  const saved = !!config.data;
  return (
    <Flex vertical gap={16} data-testid="activity-certificates">
      {config.isPending ? null : <ConfigCard org={org} base={base} invalidate={key} actType={actType} initial={config.data ?? null} writable={writable} />}
      {saved && <IssueCard org={org} base={base} invalidate={key} actId={actId} actType={actType} writable={writable} />}
      <CertList org={org} base={base} invalidate={key} writable={writable} />
    </Flex>
  );
}

function ConfigCard({ org, base, invalidate, actType, initial, writable }: { org: string; base: string; invalidate: unknown[]; actType: number; initial: CertConfigRow | null; writable: boolean }) {
  const [form] = Form.useForm<FormValues>();
  // The rules of the activity's type (a lecture: its completion; works: approval and awards).
  const [rules] = useState(() => certRulesOf(actType));
  const templates = useApiQuery<Paged<Template>>(['certTemplates', org], `/v1/${org}/cert/templates`, { page: 1, page_size: 100 });
  const mode = Form.useWatch('issue_mode', form);
  const rule = Form.useWatch('rule', form);
  const save = useApiMutation(
    (v: FormValues) =>
      api.post(`${base}/config`, {
        template_id: v.template_id,
        issue_mode: v.issue_mode,
        auto_rule: v.rule ? { kind: v.rule, levels: v.rule === 'award_level' ? v.levels : [] } : null,
        cert_no_pattern: v.cert_no_pattern,
        expires_months: v.expires_months,
        notify: v.notify ? 1 : 0,
      }),
    { invalidate: [invalidate], successMessage: T.SAVED },
  );
  const initialValues: FormValues = {
    template_id: initial?.template_id,
    issue_mode: initial?.issue_mode ?? 'manual',
    rule: initial?.auto_rule?.kind ?? '',
    levels: initial?.auto_rule?.levels ?? [],
    cert_no_pattern: initial?.cert_no_pattern ?? DEFAULT_CERT_NO_PATTERN,
    expires_months: initial?.expires_months ?? 0,
    notify: (initial?.notify ?? 1) === 1,
  };
  // The automatic mode needs a rule; a rule prints on a template of its kind.
  useEffect(() => {
    if (mode === 'auto' && !form.getFieldValue('rule')) form.setFieldValue('rule', rules.includes('award_level') ? 'award_level' : rules[0]);
  }, [mode, form, rules]);
  const wantedKind = rule ? CERT_RULE_KIND[rule] : undefined;
  return (
    <Card title={T.CERT_CONFIG} size="small" data-testid="cert-config">
      {!initial && <Alert type="info" showIcon message={T.NO_CONFIG} style={{ marginBottom: 16 }} />}
      <Form<FormValues> form={form} layout="horizontal" labelCol={{ flex: '140px' }} style={{ maxWidth: 720 }} disabled={!writable} initialValues={initialValues} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="template_id" label={T.CERT_TEMPLATE} extra={T.CERT_TEMPLATE_HINT} rules={[{ required: true, message: `请选择${T.CERT_TEMPLATE}` }]}>
          <Select
            loading={templates.isLoading}
            placeholder={T.CERT_TEMPLATE}
            options={(templates.data?.items ?? [])
              .filter((t) => !t.is_pause && (!wantedKind || t.kind === wantedKind))
              .map((t) => ({ value: t.id, label: `${t.name}（${CERT_KINDS[t.kind] ?? t.kind}）` }))}
          />
        </Form.Item>
        <Form.Item name="issue_mode" label={T.ISSUE_MODE}>
          <Radio.Group options={Object.entries(T.ISSUE_MODES).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="rule" label={T.ISSUE_RULE} rules={mode === 'auto' ? [{ required: true, message: '自动发放需设置发放条件' }] : []}>
          <Select
            options={[...(mode === 'auto' ? [] : [{ value: '', label: T.ISSUE_RULE_NONE }]), ...rules.map((value) => ({ value, label: `${CERT_RULES[value]}（${CERT_KINDS[CERT_RULE_KIND[value]]}）` }))]}
          />
        </Form.Item>
        {rule === 'award_level' && (
          <Form.Item name="levels" label={T.AWARD_LEVELS} extra={T.AWARD_LEVELS_HINT}>
            <Select mode="tags" open={false} suffixIcon={null} placeholder="一等奖、二等奖" />
          </Form.Item>
        )}
        <Form.Item name="cert_no_pattern" label={T.CERT_NO_PATTERN} extra={T.CERT_NO_PATTERN_HINT} rules={[{ required: true, message: `请输入${T.CERT_NO_PATTERN}` }]}>
          <Input maxLength={40} style={{ maxWidth: 320 }} />
        </Form.Item>
        <Form.Item name="expires_months" label={T.EXPIRES_MONTHS} extra={T.EXPIRES_HINT}>
          <InputNumber min={0} max={120} precision={0} />
        </Form.Item>
        <Form.Item name="notify" label={T.NOTIFY} valuePropName="checked">
          <Switch />
        </Form.Item>
        {writable && (
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {T.SAVE}
            </Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}

/** The batch send (a job whose progress is polled while it runs) and issuing to chosen works. */
function IssueCard({ org, base, invalidate, actId, actType, writable }: { org: string; base: string; invalidate: unknown[]; actId: number; actType: number; writable: boolean }) {
  const [choosing, setChoosing] = useState(false);
  const job = useApiQuery<Job | null>([...invalidate, 'job'], `${base}/send`, undefined, {
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'queued' || q.state.data.status === 'running') ? 1000 : false),
  });
  const running = !!job.data && (job.data.status === 'queued' || job.data.status === 'running');
  // When a job seen running ends, its PDFs are rendered: read the list again.
  const client = useQueryClient();
  const [watching, setWatching] = useState(false);
  useEffect(() => {
    if (running) setWatching(true);
    else if (watching) {
      setWatching(false);
      void client.invalidateQueries({ queryKey: [...invalidate, 'index'] });
    }
  }, [running, watching, client, invalidate]);
  const send = useApiMutation(() => api.post<Job>(`${base}/send`), {
    invalidate: [invalidate],
    onSuccess: (j) => feedback.message.success(T.SEND_STARTED(j.issued ?? 0)),
  });
  const j = job.data;
  const worksPath = actType in WORK_KINDS ? WORK_KINDS[actType as keyof typeof WORK_KINDS].path.replace('{org}', org).replace('{act}', String(actId)) : null;
  return (
    <Card title={T.ISSUE} size="small" data-testid="cert-issue">
      <Typography.Paragraph type="secondary">{T.SEND_HINT}</Typography.Paragraph>
      <Space wrap>
        <Button type="primary" disabled={!writable} loading={send.isPending || running} onClick={() => send.mutate()}>
          {T.SEND}
        </Button>
        {worksPath && (
          <Button disabled={!writable} onClick={() => setChoosing(true)}>
            {T.CHOOSE}
          </Button>
        )}
      </Space>
      {j && (
        <div data-testid="cert-job" style={{ marginTop: 12, maxWidth: 480 }}>
          <Progress percent={j.total ? Math.round(((j.done + j.failed) / j.total) * 100) : j.status === 'done' ? 100 : 0} status={j.status === 'failed' ? 'exception' : j.status === 'done' ? 'success' : 'active'} />
          <Typography.Text type="secondary">{`${T.JOB_STATUS[j.status] ?? j.status}：${T.SEND_PROGRESS(j.done, j.total, j.failed)}`}</Typography.Text>
          {j.error && <Alert type="warning" showIcon message={j.error} style={{ marginTop: 8 }} />}
        </div>
      )}
      {choosing && worksPath && <ChooseDialog base={base} worksPath={worksPath} invalidate={invalidate} onClose={() => setChoosing(false)} />}
    </Card>
  );
}

function ChooseDialog({ base, worksPath, invalidate, onClose }: { base: string; worksPath: string; invalidate: unknown[]; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [ids, setIds] = useState<number[]>([]);
  const works = useApiQuery<Paged<WorkRow>>([...invalidate, 'works'], worksPath, { page, page_size: 20 });
  const choose = useApiMutation(() => api.post<{ issued: number; refused: { work_id: number; reason: string }[] }>(`${base}/choose`, { work_ids: ids }), {
    invalidate: [invalidate],
    onSuccess: (r) => {
      feedback.message.success(T.CHOSEN(r.issued, r.refused.length));
      onClose();
    },
  });
  return (
    <Modal open title={T.CHOOSE} width={760} onCancel={onClose} onOk={() => choose.mutate()} okButtonProps={{ disabled: !ids.length, loading: choose.isPending }}>
      <Typography.Paragraph type="secondary">{T.CHOOSE_HINT}</Typography.Paragraph>
      <Table<WorkRow>
        rowKey="id"
        size="small"
        loading={works.isLoading}
        dataSource={works.data?.items ?? []}
        rowSelection={{ selectedRowKeys: ids, preserveSelectedRowKeys: true, onChange: (keys) => setIds(keys as number[]) }}
        pagination={{ current: page, pageSize: 20, total: works.data?._meta.totalCount ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: T.WORK_NO, dataIndex: 'work_no', width: 110 },
          { title: T.WORK_TITLE, dataIndex: 'title' },
          { title: T.AUTHOR, dataIndex: 'author_name', width: 100 },
          { title: T.STATUS, dataIndex: 'status', width: 90, render: (s: WorkStatus) => WORK_STATUS[s] ?? s },
          { title: T.AWARD, dataIndex: 'award_level', width: 90 },
        ]}
      />
    </Modal>
  );
}

/** The issued certificates: PDF, revoke with a reason (confirmed), reissue. */
function CertList({ org, base, invalidate, writable }: { org: string; base: string; invalidate: unknown[]; writable: boolean }) {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [revoking, setRevoking] = useState<Cert | null>(null);
  const list = useApiQuery<Paged<Cert>>([...invalidate, 'index'], `${base}/index`, { page, page_size: 20, ...(keyword ? { keyword } : {}) });
  const reissue = useApiMutation((c: Cert) => api.post<Cert>(`${base}/reissue`, { id: c.id }), {
    invalidate: [invalidate],
    onSuccess: (made) => feedback.message.success(T.REISSUED(made.cert_no)),
  });
  const [downloading, setDownloading] = useState<number | null>(null);
  const pdf = async (c: Cert) => {
    setDownloading(c.id);
    try {
      await api.download(`/v1/${org}/cert/file/${c.id}`, undefined, { filename: `${c.cert_no}.pdf` });
    } catch {
      // the client showed the server's message
    } finally {
      setDownloading(null);
    }
  };
  const confirmReissue = (c: Cert) =>
    feedback.modal.confirm({
      title: T.REISSUE,
      content: T.REISSUE_CONFIRM(c.cert_no),
      onOk: () => reissue.mutateAsync(c),
    });
  return (
    <Card
      title={T.CERTS}
      size="small"
      data-testid="cert-list"
      extra={
        <Input.Search
          allowClear
          placeholder={T.SEARCH_CERTS}
          aria-label={T.SEARCH_CERTS}
          style={{ width: 220 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      }
    >
      <Table<Cert>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        pagination={{ current: page, pageSize: 20, total: list.data?._meta.totalCount ?? 0, onChange: setPage, showSizeChanger: false }}
        scroll={{ x: 1100 }}
        columns={[
          { title: T.CERT_NO, dataIndex: 'cert_no', width: 170 },
          { title: T.HOLDER, dataIndex: 'holder', width: 90 },
          { title: T.WORK, dataIndex: 'work_title', width: 150 },
          { title: T.KIND, dataIndex: 'kind_label', width: 100 },
          { title: T.LEVEL, dataIndex: 'award_level', width: 80 },
          { title: T.ISSUED, dataIndex: 'issued_at', width: 150, render: (v: number) => formatSeconds(v) },
          {
            title: T.CERT_STATUS,
            dataIndex: 'status',
            width: 110,
            render: (s: Cert['status'], c) => (
              <Space size={4} wrap>
                <Tag color={STATUS_COLOR[s]}>{c.status_label}</Tag>
                {c.replaced_by && <Tag>{T.REPLACED}</Tag>}
              </Space>
            ),
          },
          { title: T.VERIFY_CODE, dataIndex: 'verify_code', width: 150 },
          { title: T.VERIFY_COUNT, dataIndex: 'verify_count', width: 90 },
          {
            title: T.ACTIONS,
            width: 220,
            fixed: 'right',
            render: (_, c) => (
              <Space size={0}>
                <Button type="link" size="small" disabled={!!c.revoked_at} loading={downloading === c.id} onClick={() => void pdf(c)}>
                  {T.PDF}
                </Button>
                {writable && !c.revoked_at && (
                  <>
                    <Button type="link" size="small" disabled={!c.work_id} onClick={() => confirmReissue(c)}>
                      {T.REISSUE}
                    </Button>
                    <Button type="link" size="small" danger onClick={() => setRevoking(c)}>
                      {T.REVOKE}
                    </Button>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      {revoking && <RevokeDialog base={base} cert={revoking} invalidate={invalidate} onClose={() => setRevoking(null)} />}
    </Card>
  );
}

function RevokeDialog({ base, cert, invalidate, onClose }: { base: string; cert: Cert; invalidate: unknown[]; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const revoke = useApiMutation((reason: string) => api.post(`${base}/delete`, { ids: [cert.id], reason }), {
    invalidate: [invalidate],
    successMessage: T.REVOKED,
    onSuccess: onClose,
  });
  return (
    <Modal open title={T.REVOKE_TITLE(cert.cert_no)} okText={T.REVOKE} okButtonProps={{ danger: true, loading: revoke.isPending }} onCancel={onClose} onOk={() => form.submit()}>
      <Alert type="warning" showIcon message={T.REVOKE_CONFIRM} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={(v) => revoke.mutate(v.reason.trim())}>
        <Form.Item name="reason" label={T.REVOKE_REASON} rules={[{ required: true, whitespace: true, message: `请输入${T.REVOKE_REASON}` }, { max: 200, message: '撤销原因不能超过200个字符' }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
