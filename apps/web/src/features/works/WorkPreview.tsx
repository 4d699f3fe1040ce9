import { Descriptions, Drawer, Flex, Image, Tag } from 'antd';
import * as T from './texts';

/** What the preview needs of a work (a list row or a queue item). */
export interface PreviewWork {
  id: number;
  title: string;
  work_no?: string | null;
  status?: string;
  reason?: string;
  content?: string;
  link?: string;
  media?: string[];
  author?: Record<string, string>;
  creation_type_name?: string;
  group_name?: string;
}

const IMAGE = /\.(jpg|png|gif|webp)$/i;
const AUDIO = /\.(mp3|m4a|wav|ogg)$/i;
const VIDEO = /\.(mp4|mov|webm)$/i;
const AUTHOR_LABELS: Record<string, string> = { real_name: '真实姓名', unit: '学校/单位', grade: '年级班级', phone: '联系电话', instructor: '指导老师' };

/**
 * A work in the page (design §2: every media kind): its text, an image gallery, audio and video
 * players, other files as links, and the author as collected.
 */
export function WorkPreview({ work, statusLabel, onClose }: { work: PreviewWork | null; statusLabel?: (s: string) => string; onClose: () => void }) {
  const media = work?.media ?? [];
  const images = media.filter((u) => IMAGE.test(u));
  const others = media.filter((u) => !IMAGE.test(u));
  return (
    <Drawer open={!!work} onClose={onClose} title={work ? `${T.PREVIEW_TITLE}：${work.title}` : T.PREVIEW_TITLE} size="large" destroyOnHidden>
      {work && (
        <Flex vertical gap={16} data-testid="work-preview">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={T.WORK_NO}>{work.work_no || T.NO_CONTENT}</Descriptions.Item>
            {work.status && <Descriptions.Item label={T.STATUS}>{statusLabel ? statusLabel(work.status) : work.status}</Descriptions.Item>}
            {work.creation_type_name && <Descriptions.Item label={T.CREATION_TYPES}>{work.creation_type_name}{work.group_name ? <Tag style={{ marginLeft: 8 }}>{work.group_name}</Tag> : null}</Descriptions.Item>}
            {work.reason && <Descriptions.Item label={T.REASON}>{work.reason}</Descriptions.Item>}
            {Object.entries(work.author ?? {}).map(([k, v]) => (
              <Descriptions.Item key={k} label={AUTHOR_LABELS[k] ?? k}>
                {v}
              </Descriptions.Item>
            ))}
            {work.link && (
              <Descriptions.Item label={T.LINK}>
                <a href={work.link} target="_blank" rel="noreferrer noopener">
                  {work.link}
                </a>
              </Descriptions.Item>
            )}
          </Descriptions>
          {work.content ? <div style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }} data-testid="work-content">{work.content}</div> : null}
          {images.length > 0 && (
            <Image.PreviewGroup>
              <Flex wrap gap={8}>
                {images.map((u) => (
                  <Image key={u} src={`${u}?width=200`} preview={{ src: u }} width={120} height={120} style={{ objectFit: 'cover' }} alt={work.title} />
                ))}
              </Flex>
            </Image.PreviewGroup>
          )}
          {others.map((u) =>
            AUDIO.test(u) ? (
              <audio key={u} controls preload="none" src={u} style={{ width: '100%' }} />
            ) : VIDEO.test(u) ? (
              <video key={u} controls preload="none" src={u} style={{ width: '100%', maxHeight: 360 }} />
            ) : (
              <a key={u} href={u} target="_blank" rel="noreferrer noopener">
                {T.FILES}：{u.split('/').pop()}
              </a>
            ),
          )}
        </Flex>
      )}
    </Drawer>
  );
}
