import { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Form, Image, Input, InputNumber, List, Space, Tag, Typography, message } from 'antd';
import { formatSeconds } from '@huodong/domain';
import { useScope } from '../../shared/useScope';
import { useAction } from '../../shared/useAction';
import { expertCall, expertFileUrl, expertToken, ExpertApiError } from './expertClient';
import * as T from './texts';

interface Criterion {
  name: string;
  weight: number;
  max: number;
  required: boolean;
}
interface Assignment {
  id: number;
  expert_act: { id: number; title: string; rubric: Criterion[]; text_required: number; start_at: number; end_at: number; published: boolean };
  work: { id: number; work_no: string; title: string; content: string; link: string; media: { url: string; ext: string; name: string }[] };
  review: { scores: Record<string, number>; total: number | null; comment: string; submitted_at: number | null };
  others: { scores: Record<string, number>; total: number | null }[] | null;
}

const IMAGE = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif']);

/**
 * 专家评审 (`/{org}/expertJudge`, issue 12): the expert signs in with the account the organisation
 * gave (an expert token, never an administrator's), sees only the works assigned, each blind
 * (work number, content and files; files re-encoded by the server without metadata), and scores
 * every criterion of the rubric.
 */
export default function ExpertJudgePage() {
  const { scope: org } = useScope();
  const [signedIn, setSignedIn] = useState(!!expertToken.get(org));
  if (!signedIn) return <ExpertLogin org={org} onDone={() => setSignedIn(true)} />;
  return (
    <Assignments
      org={org}
      onSignOut={() => {
        void expertCall(org, 'POST', '/logout').catch(() => undefined);
        expertToken.clear(org);
        setSignedIn(false);
      }}
    />
  );
}

function ExpertLogin({ org, onDone }: { org: string; onDone: () => void }) {
  const { busy, error, run } = useAction();
  const submit = (v: { account: string; password: string }) =>
    run(async () => {
      const data = await expertCall<{ access_token: string }>(org, 'POST', '/login', v);
      expertToken.set(org, data.access_token);
      onDone();
    });
  return (
    <Card title={T.EXPERT_LOGIN} style={{ maxWidth: 420, margin: '48px auto' }}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" onFinish={submit}>
        <Form.Item name="account" label={T.ACCOUNT} rules={[{ required: true, message: `请输入${T.ACCOUNT}` }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={T.PASSWORD} rules={[{ required: true, message: `请输入${T.PASSWORD}` }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {T.SIGN_IN}
        </Button>
      </Form>
    </Card>
  );
}

function Assignments({ org, onSignOut }: { org: string; onSignOut: () => void }) {
  const [items, setItems] = useState<Assignment[] | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const load = () =>
    expertCall<Assignment[]>(org, 'GET', '/assignments')
      .then(setItems)
      .catch((e: ExpertApiError) => {
        if (e.status === 401) onSignOut();
        else void message.error(e.message);
      });
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [org]);
  const current = items?.find((a) => a.id === open);
  return (
    <div style={{ maxWidth: 960, margin: '0 auto', padding: 16 }}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3}>{T.MY_ASSIGNMENTS}</Typography.Title>
        <Button onClick={onSignOut}>{T.SIGN_OUT}</Button>
      </Flex>
      {current ? (
        <ReviewForm org={org} item={current} onBack={() => setOpen(null)} onSaved={(a) => setItems((list) => list?.map((x) => (x.id === a.id ? a : x)) ?? null)} />
      ) : items && items.length === 0 ? (
        <Empty description={T.NO_ASSIGNMENTS} />
      ) : (
        <List<Assignment>
          loading={!items}
          dataSource={items ?? []}
          renderItem={(a) => (
            <List.Item actions={[<Button key="open" type="link" onClick={() => setOpen(a.id)}>{T.SCORE}</Button>]}>
              <List.Item.Meta title={`${a.work.work_no} ${a.work.title}`} description={a.expert_act.title} />
              {a.review.submitted_at ? <Tag color="green">{`${T.SUBMITTED} ${a.review.total}`}</Tag> : <Tag>{T.PENDING}</Tag>}
            </List.Item>
          )}
        />
      )}
    </div>
  );
}

function MediaFile({ org, file }: { org: string; file: Assignment['work']['media'][number] }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    if (IMAGE.has(file.ext))
      void expertFileUrl(org, file.url)
        .then((u) => setSrc((url = u)))
        .catch((e: Error) => message.error(e.message));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [org, file]);
  if (IMAGE.has(file.ext)) return src ? <Image src={src} alt={file.name} width={240} /> : <Tag>{file.name}</Tag>;
  const open = () => void expertFileUrl(org, file.url).then((u) => window.open(u, '_blank', 'noopener'));
  return (
    <Button type="link" onClick={open}>
      {`${T.OPEN} ${file.name}`}
    </Button>
  );
}

function ReviewForm({ org, item, onBack, onSaved }: { org: string; item: Assignment; onBack: () => void; onSaved: (a: Assignment) => void }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const act = item.expert_act;
  const submit = async (v: { scores: Record<string, number | null>; comment?: string }) => {
    setBusy(true);
    try {
      const scores = Object.fromEntries(Object.entries(v.scores ?? {}).filter(([, x]) => x !== null && x !== undefined)) as Record<string, number>;
      const saved = await expertCall<Assignment>(org, 'PUT', `/assignments/${item.id}/review`, { scores, comment: v.comment ?? '' });
      message.success(T.REVIEW_SAVED);
      onSaved(saved);
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={`${item.work.work_no} ${item.work.title}`} extra={<Button onClick={onBack}>{T.BACK}</Button>}>
      <Typography.Paragraph type="secondary">{T.WINDOW(formatSeconds(act.start_at), formatSeconds(act.end_at))}</Typography.Paragraph>
      {item.work.content && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{item.work.content}</Typography.Paragraph>}
      {item.work.link && <Typography.Link href={item.work.link} target="_blank" rel="noopener noreferrer">{item.work.link}</Typography.Link>}
      {item.work.media.length > 0 && (
        <Space wrap style={{ margin: '12px 0' }}>
          {item.work.media.map((f) => (
            <MediaFile key={f.url} org={org} file={f} />
          ))}
        </Space>
      )}
      <Form form={form} layout="vertical" disabled={act.published} initialValues={{ scores: item.review.scores, comment: item.review.comment }} onFinish={submit}>
        {act.rubric.map((c) => (
          <Form.Item key={c.name} name={['scores', c.name]} label={`${c.name}（${T.WEIGHT} ${c.weight}，${T.MAX} ${c.max}）`} rules={c.required ? [{ required: true, message: `请为“${c.name}”评分` }] : []}>
            <InputNumber min={0} max={c.max} step={0.5} precision={1} style={{ width: 160 }} />
          </Form.Item>
        ))}
        <Form.Item name="comment" label={act.text_required ? T.COMMENT_REQUIRED : T.COMMENT} rules={act.text_required ? [{ required: true, whitespace: true, message: '请填写评语' }] : []}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={20000} />
        </Form.Item>
        {item.review.submitted_at && <Typography.Paragraph>{`${T.TOTAL}：${item.review.total}`}</Typography.Paragraph>}
        {item.others && item.others.length > 0 && <Typography.Paragraph type="secondary">{`${T.OTHERS}：${item.others.map((o) => o.total).join('、')}`}</Typography.Paragraph>}
        <Button type="primary" htmlType="submit" loading={busy}>
          {T.SUBMIT_REVIEW}
        </Button>
      </Form>
    </Card>
  );
}
