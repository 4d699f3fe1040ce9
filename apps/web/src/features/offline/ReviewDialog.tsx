import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Form, Image, Input, List, Progress, Select, Tabs, Tag, Typography } from 'antd';
import { REVIEW_KIND_LABELS, REVIEW_LIMITS, REVIEW_UPLOADS, VIDEO_UPLOAD, type ReviewItem, type ReviewPath } from '@huodong/domain';
import { api, isApiError, useApiMutation, useApiQuery, type ApiError } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import { LazyPopconfirm as Popconfirm } from '../../shared/LazyPopconfirm';
import { RichTextEditor } from '../../shared/RichTextEditor';
import { UploadControl } from '../../shared/UploadControl';
import { uploadVideo } from '../../shared/videoUpload';
import { activitySessionsPath, reviewKey, reviewPath } from './offlineApi';
import * as T from './texts';

type Items = { items: ReviewItem[] };
const CONVERTING_CODE = 0;
const POLL_MS = 3000;

/**
 * 活动回顾 (issue 23, spec §7 Review): the review materials of an offline activity, or of one of
 * its sessions — a summary (rich text), pictures, videos (shown 转码中 while the video pipeline converts:
 * the list answers body code 0), links and files, each shown or hidden, deleted.
 */
export default function ReviewDialog({ org, act, title, sessionId, series, onClose }: { org: string; act: number; title: string; sessionId?: number; series?: boolean; onClose: () => void }) {
  const [session, setSession] = useState<number | undefined>(sessionId);
  const sessions = useApiQuery<{ items: { id: number; title: string; start_at: number }[] }>(['offlineSessions', act], series ? activitySessionsPath(org, act) : null);
  const scope = { act, session };
  return (
    <AppModal title={T.REVIEW_OF(title)} open onCancel={onClose} footer={null} width={760} destroyOnHidden>
      {series && (
        <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
          <span>{T.REVIEW_SCOPE}</span>
          <Select
            aria-label={T.REVIEW_SCOPE}
            style={{ width: 320 }}
            value={session ?? 0}
            onChange={(v: number) => setSession(v || undefined)}
            options={[{ value: 0, label: T.WHOLE_ACTIVITY }, ...(sessions.data?.items ?? []).map((s) => ({ value: s.id, label: s.title }))]}
          />
        </Flex>
      )}
      <Tabs
        key={session ?? 0}
        items={[
          { key: 'summary', label: REVIEW_KIND_LABELS.summary, children: <SummaryTab org={org} {...scope} /> },
          { key: 'image', label: REVIEW_KIND_LABELS.image, children: <FilesTab org={org} {...scope} which="image" /> },
          { key: 'video', label: REVIEW_KIND_LABELS.video, children: <VideoTab org={org} {...scope} /> },
          { key: 'link', label: REVIEW_KIND_LABELS.link, children: <LinkTab org={org} {...scope} /> },
          { key: 'files', label: REVIEW_KIND_LABELS.file, children: <FilesTab org={org} {...scope} which="file" /> },
        ]}
      />
    </AppModal>
  );
}

interface Scope {
  org: string;
  act: number;
  session?: number;
}
const sessionQuery = (session?: number) => (session ? { session_id: session } : {});
const sessionBody = (session?: number) => (session ? { session_id: session } : {});

function useItems({ org, act, session }: Scope, what: ReviewPath) {
  return useApiQuery<Items>([...reviewKey(act), what], reviewPath(org, act, what), sessionQuery(session));
}

/** Show/hide and delete of one material. */
function ItemControls({ org, act, item }: { org: string; act: number; item: ReviewItem }) {
  const invalidate = [reviewKey(act)];
  const toggle = useApiMutation(() => api.post(reviewPath(org, act, `updateFiles/${item.id}`), { is_show: item.is_show ? 0 : 1 }), { invalidate });
  const remove = useApiMutation(() => api.post(reviewPath(org, act, 'batchDelete'), { ids: [item.id] }), { invalidate });
  return (
    <Flex gap={4} align="center">
      <Tag color={item.is_show ? 'green' : 'default'}>{item.is_show ? T.SHOWN : T.HIDDEN}</Tag>
      <Button size="small" type="link" loading={toggle.isPending} onClick={() => toggle.mutate()}>
        {item.is_show ? T.HIDE : T.SHOW}
      </Button>
      <Popconfirm title={T.DELETE_CONFIRM} onConfirm={() => remove.mutate()}>
        <Button size="small" type="link" danger>
          {T.DELETE}
        </Button>
      </Popconfirm>
    </Flex>
  );
}

/** The materials of a tab, each with its show/hide and delete. */
function Materials({ org, act, loading, items, render }: { org: string; act: number; loading: boolean; items?: ReviewItem[]; render: (x: ReviewItem) => ReactNode }) {
  return (
    <List
      loading={loading}
      locale={{ emptyText: <Empty description={T.EMPTY} /> }}
      dataSource={items ?? []}
      renderItem={(x) => (
        <List.Item key={x.id} actions={[<ItemControls key="c" org={org} act={act} item={x} />]}>
          {render(x)}
        </List.Item>
      )}
    />
  );
}

/** The summary in the rich-text editor; once saved it shows what the server kept (sanitised HTML). */
function SummaryTab(scope: Scope) {
  const { org, act, session } = scope;
  const q = useItems(scope, 'summary');
  const current = q.data?.items[0];
  const [text, setText] = useState<string | null>(null);
  const save = useApiMutation(() => api.post(reviewPath(org, act, 'createSummary'), { ...sessionBody(session), content: text ?? current?.content ?? '' }), {
    invalidate: [reviewKey(act)],
    successMessage: T.SAVED,
    onSuccess: () => setText(null),
  });
  return (
    <Flex vertical gap={8}>
      <RichTextEditor label={REVIEW_KIND_LABELS.summary} placeholder={T.SUMMARY_PLACEHOLDER} value={text ?? current?.content ?? ''} onChange={setText} />
      <Flex justify="space-between" align="center">
        {current ? <ItemControls org={org} act={act} item={current} /> : <span />}
        <Button type="primary" loading={save.isPending} disabled={q.isPending} onClick={() => save.mutate()}>
          {T.SAVE}
        </Button>
      </Flex>
    </Flex>
  );
}

function FilesTab({ which, ...scope }: Scope & { which: 'image' | 'file' }) {
  const { org, act, session } = scope;
  const q = useItems(scope, which === 'image' ? 'image' : 'files');
  const rule = REVIEW_UPLOADS[which];
  const [percent, setPercent] = useState<number | null>(null);
  const add = useApiMutation(
    async (files: File[]) => {
      const ids: number[] = [];
      for (const [i, file] of files.entries()) {
        const form = new FormData();
        form.append('file', file);
        const stored = await api.upload<{ id: number }>(reviewPath(org, act, which === 'image' ? 'uploadImage' : 'uploadFiles'), form, (p) => setPercent(Math.round(((i + p / 100) / files.length) * 100)));
        ids.push(stored.id);
      }
      return api.post(reviewPath(org, act, which === 'image' ? 'createImage' : 'createFiles'), { ...sessionBody(session), file_ids: ids });
    },
    { invalidate: [reviewKey(act)], onSettled: () => setPercent(null) },
  );
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center">
        <UploadControl formats={rule.exts} maxSizeKB={rule.maxMB * 1024} multiple onFiles={(files) => add.mutate(files.slice(0, REVIEW_LIMITS[which].count))}>
          <Button loading={add.isPending}>{which === 'image' ? T.UPLOAD_IMAGES : T.UPLOAD_FILES}</Button>
        </UploadControl>
        {percent !== null && <Progress percent={percent} size="small" style={{ width: 160 }} />}
      </Flex>
      <Materials
        org={org}
        act={act}
        loading={q.isPending}
        items={q.data?.items}
        render={(x) => (
          <Flex gap={8} align="center">
            {which === 'image' && <Image src={`${x.url}?width=120`} preview={{ src: x.url }} width={60} alt={x.title} />}
            <Typography.Link href={x.url} target="_blank">
              {x.title}
            </Typography.Link>
          </Flex>
        )}
      />
    </Flex>
  );
}

function VideoTab(scope: Scope) {
  const { org, act, session } = scope;
  // Body code 0 (spec §8): some video still converting; its items come in the answer's data.
  const q = useQuery<Items & { converting: boolean }, ApiError>({
    queryKey: [...reviewKey(act), 'video', session ?? 0],
    queryFn: ({ signal }) =>
      api.get<Items>(reviewPath(org, act, 'video'), sessionQuery(session), { signal, silent: true }).then(
        (d) => ({ ...d, converting: false }),
        (e: unknown) => {
          if (isApiError(e) && e.code === CONVERTING_CODE && e.data) return { ...(e.data as Items), converting: true };
          throw e;
        },
      ),
    refetchInterval: (query) => (query.state.data?.converting ? POLL_MS : false),
  });
  const [percent, setPercent] = useState<number | null>(null);
  const add = useApiMutation(
    (file: File) =>
      new Promise<void>((resolve, reject) => {
        // The material is added as soon as the server knows the upload; the list shows it converting.
        uploadVideo(`/v1/${org}`, file, {
          onProgress: setPercent,
          onStarted: (videoId) => void api.post(reviewPath(org, act, 'createVideo'), { ...sessionBody(session), videoId }).then(() => q.refetch(), reject),
          onProcessing: () => {
            setPercent(null);
            resolve();
          },
        }).then(
          () => void q.refetch(),
          (e: unknown) => reject(e),
        );
      }),
    { onSettled: () => setPercent(null) },
  );
  const statusTag = (x: ReviewItem) =>
    x.status === 'done' ? null : x.status === 'failed' ? <Tag color="red">{T.FAILED}</Tag> : <Tag color="orange">{x.status === 'uploading' ? T.UPLOADING : T.CONVERTING}</Tag>;
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center">
        <UploadControl formats={VIDEO_UPLOAD.exts} onFiles={(files) => files[0] && add.mutate(files[0])}>
          <Button loading={add.isPending}>{T.UPLOAD_VIDEO}</Button>
        </UploadControl>
        {percent !== null && <Progress percent={percent} size="small" style={{ width: 160 }} />}
      </Flex>
      <Materials
        org={org}
        act={act}
        loading={q.isPending}
        items={q.data?.items}
        render={(x) => (
          <Flex gap={8} align="center" data-testid="review-video">
            {x.status === 'done' ? <video src={x.url} poster={x.cover ?? undefined} controls width={200} /> : null}
            <span>{x.title}</span>
            {statusTag(x)}
          </Flex>
        )}
      />
    </Flex>
  );
}

function LinkTab(scope: Scope) {
  const { org, act, session } = scope;
  const q = useItems(scope, 'link');
  const [form] = Form.useForm<{ title: string; url: string }>();
  const add = useApiMutation((v: { title: string; url: string }) => api.post(reviewPath(org, act, 'createLink'), { ...sessionBody(session), ...v }), {
    invalidate: [reviewKey(act)],
    onSuccess: () => form.resetFields(),
  });
  return (
    <Flex vertical gap={8}>
      <Form form={form} layout="inline" onFinish={(v) => add.mutate(v)}>
        <Form.Item name="title" rules={[{ required: true, message: T.LINK_TITLE }]}>
          <Input placeholder={T.LINK_TITLE} aria-label={T.LINK_TITLE} maxLength={100} />
        </Form.Item>
        <Form.Item name="url" rules={[{ required: true, pattern: /^https?:\/\/\S+$/, message: '链接地址必须以http://或https://开头' }]}>
          <Input placeholder="https://" aria-label={T.LINK_URL} style={{ width: 280 }} />
        </Form.Item>
        <Button htmlType="submit" loading={add.isPending}>
          {T.ADD_LINK}
        </Button>
      </Form>
      <Materials
        org={org}
        act={act}
        loading={q.isPending}
        items={q.data?.items}
        render={(x) => (
          <Typography.Link href={x.url} target="_blank" rel="noreferrer">
            {x.title}
          </Typography.Link>
        )}
      />
    </Flex>
  );
}
