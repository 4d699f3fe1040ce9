import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Form, Progress, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { audioLabels, isAudioFile, UPLOAD_RULES, VIDEO_UPLOAD, type ResourceField, type StoredKind, type UploadKind } from '@huodong/domain';
import { api } from '../shared/api';
import { UploadControl } from '../shared/UploadControl';
import { cancelVideoUpload, uploadVideo } from '../shared/videoUpload';
import { AudioPlayer, audioName } from './AudioPlayer';
import { thumbnailUrl } from './listModel';
import { uploadBase, uploadPath } from './resourcePaths';
import {
  CANCEL_UPLOAD,
  CANCEL_VIDEO_CONFIRM,
  FILE_NOUN,
  OPEN_FILE,
  UPLOADING,
  VIDEO_PROCESSING,
  removeFileConfirm,
  removeLabel,
  replaceLabel,
  uploadLabel,
} from './texts';
import { confirm } from './useResourceActions';

type FileKind = 'image' | 'file' | 'video' | 'audio';

/** The upload kind of a field: its declaration's, else covers for images, videos by the resumable upload, the rest as attachments. */
export function uploadKindOf(field: Pick<ResourceField, 'kind' | 'upload'>): StoredKind {
  if (field.upload) return field.upload;
  return field.kind === 'image' ? 'cover' : field.kind === 'video' ? 'video' : 'public';
}

/** Formats and size the upload control checks before sending (the server checks the bytes again). */
function limitsOf(kind: StoredKind): { formats: readonly string[]; maxSizeKB: number } {
  if (kind === 'video') return { formats: VIDEO_UPLOAD.exts, maxSizeKB: VIDEO_UPLOAD.maxMB * 1024 };
  const rule = UPLOAD_RULES[kind as UploadKind];
  return { formats: rule.exts, maxSizeKB: rule.maxMB * 1024 };
}

export interface FileInputProps {
  field: ResourceField;
  /** Organisation key: upload through `/v1/{org}/upload/…`; absent = the platform routes. */
  org?: string;
  /** The stored file's URL (Form.Item's value). */
  value?: string | null;
  onChange?: (url: string) => void;
  id?: string;
}

/**
 * The input of a stored-file field (image, file, video, audio; spec §5 upload control, §7
 * uploads): choose a file (formats and size checked first), upload with progress, preview
 * (images as a `?width=200` thumbnail), replace, and delete after a confirmation. The form value
 * is the file's URL; '' clears it.
 */
export default function FileInput({ field, org, value, onChange, id }: FileInputProps) {
  const kind = uploadKindOf(field);
  const noun = FILE_NOUN[field.kind as FileKind] ?? FILE_NOUN.file;
  const { formats, maxSizeKB } = limitsOf(kind);
  const [percent, setPercent] = useState<number | null>(null);
  const [processing, setProcessing] = useState(false);
  const running = useRef<{ abort: AbortController; videoId?: string } | null>(null);

  // Leaving the form stops an upload still running.
  useEffect(() => () => running.current?.abort.abort(), []);

  const send = async (file: File) => {
    const abort = new AbortController();
    const job: { abort: AbortController; videoId?: string } = { abort };
    running.current = job;
    setPercent(0);
    try {
      let url: string;
      if (kind === 'video') {
        const video = await uploadVideo(uploadBase(org), file, {
          signal: abort.signal,
          onProgress: setPercent,
          onStarted: (videoId) => (job.videoId = videoId),
          onProcessing: () => setProcessing(true),
        });
        url = video.url;
      } else {
        const form = new FormData();
        form.append('file', file);
        url = (await api.upload<{ url: string }>(uploadPath(kind, org), form, setPercent, { signal: abort.signal })).url;
      }
      onChange?.(url);
    } catch {
      // shown by the API client (or cancelled)
    } finally {
      if (running.current === job) running.current = null;
      setPercent(null);
      setProcessing(false);
    }
  };

  const cancel = () => {
    const job = running.current;
    if (!job) return;
    const stop = async () => {
      job.abort.abort();
      if (job.videoId) await cancelVideoUpload(uploadBase(org), job.videoId).catch(() => undefined);
    };
    if (kind === 'video') confirm(CANCEL_VIDEO_CONFIRM, stop, true);
    else void stop();
  };

  const remove = () => confirm(removeFileConfirm(field.label), async () => onChange?.(''), true);

  const chooser = (
    <UploadControl formats={formats} maxSizeKB={maxSizeKB} disabled={percent !== null} onFiles={([file]) => void send(file)}>
      <Button icon={<UploadOutlined />} disabled={percent !== null}>
        {value ? replaceLabel(noun) : uploadLabel(noun)}
      </Button>
    </UploadControl>
  );

  return (
    <Flex id={id} vertical gap={8} data-testid={`file-${field.name}`}>
      {value ? <Preview field={field} url={value} /> : null}
      {percent !== null ? (
        <Flex align="center" gap={8}>
          <Progress percent={percent} size="small" style={{ width: 200, margin: 0 }} status="active" />
          <Typography.Text type="secondary">{processing ? VIDEO_PROCESSING : UPLOADING}</Typography.Text>
          <Button size="small" onClick={cancel}>
            {CANCEL_UPLOAD}
          </Button>
        </Flex>
      ) : (
        <Flex gap={8} wrap>
          {chooser}
          {value ? (
            <Button icon={<DeleteOutlined />} danger onClick={remove}>
              {removeLabel(noun)}
            </Button>
          ) : null}
        </Flex>
      )}
    </Flex>
  );
}

function Preview({ field, url }: { field: ResourceField; url: string }) {
  const kind = field.kind as FileKind;
  const label = field.label;
  if (isAudioFile(kind, url)) return <AudioPreview field={field} url={url} />;
  switch (kind) {
    case 'image':
      return <img src={thumbnailUrl(url)} alt={label} style={{ maxWidth: 200, maxHeight: 120, objectFit: 'contain', borderRadius: 4 }} />;
    case 'video':
      return <video src={url} controls preload="metadata" aria-label={label} style={{ maxWidth: 320, maxHeight: 180 }} />;
    default:
      return (
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
          {OPEN_FILE}
        </Typography.Link>
      );
  }
}

/**
 * An audio's player with its title and artist (spec §9): read from the record's fields the
 * declaration names (`field.audio`, as the form holds them now), 音频 / 管理员 where none is
 * declared or given.
 */
function AudioPreview({ field, url }: { field: ResourceField; url: string }) {
  const form = Form.useFormInstance();
  const title = Form.useWatch((values: Record<string, unknown> | undefined) => (field.audio?.title ? values?.[field.audio.title] : undefined), form) as string | undefined;
  const artist = Form.useWatch((values: Record<string, unknown> | undefined) => (field.audio?.artist ? values?.[field.audio.artist] : undefined), form) as string | undefined;
  const labels = audioLabels(title, artist);
  return (
    <Flex vertical gap={4} data-testid={`audio-${field.name}`}>
      <Typography.Text>
        <span data-testid="audio-title">{labels.title}</span>
        <Typography.Text type="secondary">
          {' · '}
          <span data-testid="audio-artist">{labels.artist}</span>
        </Typography.Text>
      </Typography.Text>
      <AudioPlayer url={url} name={audioName(field.label, labels.title)} style={{ maxWidth: '100%' }} />
    </Flex>
  );
}
