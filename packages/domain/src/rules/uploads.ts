/**
 * Stored files (spec §5 upload control, §7 uploads, §9 thumbnail width): which kinds of upload
 * exist, which file types each accepts and how large a file may be. The server checks the file's
 * own bytes against these; the web's upload control checks the name and size first, with the same
 * messages.
 */
import { AUDIO_ARTIST, AUDIO_TITLE } from './constants.js';

/** What a file is, for serving (inline or attachment) and for its metadata. */
export type FileClass = 'image' | 'audio' | 'video' | 'document';

export interface FileType {
  mime: string;
  cls: FileClass;
}

/** Every file type the server recognises by its bytes (extension → type). SVG and HTML never are. */
export const FILE_TYPES = {
  jpg: { mime: 'image/jpeg', cls: 'image' },
  png: { mime: 'image/png', cls: 'image' },
  gif: { mime: 'image/gif', cls: 'image' },
  webp: { mime: 'image/webp', cls: 'image' },
  mp3: { mime: 'audio/mpeg', cls: 'audio' },
  m4a: { mime: 'audio/mp4', cls: 'audio' },
  wav: { mime: 'audio/wav', cls: 'audio' },
  ogg: { mime: 'audio/ogg', cls: 'audio' },
  mp4: { mime: 'video/mp4', cls: 'video' },
  mov: { mime: 'video/quicktime', cls: 'video' },
  webm: { mime: 'video/webm', cls: 'video' },
  pdf: { mime: 'application/pdf', cls: 'document' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', cls: 'document' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', cls: 'document' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', cls: 'document' },
  doc: { mime: 'application/msword', cls: 'document' },
  xls: { mime: 'application/vnd.ms-excel', cls: 'document' },
  ppt: { mime: 'application/vnd.ms-powerpoint', cls: 'document' },
  zip: { mime: 'application/zip', cls: 'document' },
} as const satisfies Record<string, FileType>;

export type FileExt = keyof typeof FILE_TYPES;

export const IMAGE_EXTS = ['jpg', 'png', 'gif', 'webp'] as const satisfies readonly FileExt[];
export const AUDIO_EXTS = ['mp3', 'm4a', 'wav', 'ogg'] as const satisfies readonly FileExt[];
export const VIDEO_EXTS = ['mp4', 'mov', 'webm'] as const satisfies readonly FileExt[];
export const DOCUMENT_EXTS = ['pdf', 'docx', 'xlsx', 'pptx', 'doc', 'xls', 'ppt', 'zip'] as const satisfies readonly FileExt[];

/** A field's stored file is an audio: the field is of kind audio, or a file whose name ends as an audio's (an audiobook's file). */
export const isAudioFile = (kind: string, url: string): boolean =>
  kind === 'audio' || (kind === 'file' && (AUDIO_EXTS as readonly string[]).includes(url.split(/[?#]/)[0].split('.').pop()?.toLowerCase() ?? ''));

/** The title and artist a player shows for an audio (spec §9 defaults where none is given); zod-free, for the list pages. */
export const audioLabels = (title: string | null | undefined, artist: string | null | undefined): { title: string; artist: string } => ({
  title: title?.trim() || AUDIO_TITLE,
  artist: artist?.trim() || AUDIO_ARTIST,
});

/** The multipart upload routes of spec §7 (`/v1/upload/{kind}` and `/v1/{org}/upload/{kind}`). */
export type UploadKind = 'cover' | 'logo' | 'profile' | 'public' | 'question';
/** `video` is the resumable upload (`getAuth`, chunks, `refresh`, `getInfo`). */
export type StoredKind = UploadKind | 'video';

export interface UploadRule {
  /** Accepted file types, by the file's bytes. */
  exts: readonly FileExt[];
  /** Largest file in MB (the server's default; UPLOAD_*_MAX_MB may change it). */
  maxMB: number;
  /** What the file is, in the messages: 图片, 文件, … */
  noun: string;
}

export const UPLOAD_RULES: Record<UploadKind, UploadRule> = {
  cover: { exts: IMAGE_EXTS, maxMB: 5, noun: '图片' },
  logo: { exts: IMAGE_EXTS, maxMB: 2, noun: '图片' },
  /** Pictures of a rich-text profile (introduction). */
  profile: { exts: IMAGE_EXTS, maxMB: 5, noun: '图片' },
  /** Attachments: documents, pictures, audio and short videos. */
  public: { exts: [...IMAGE_EXTS, ...AUDIO_EXTS, ...VIDEO_EXTS, ...DOCUMENT_EXTS], maxMB: 100, noun: '文件' },
  /** Question material: pictures and audio. */
  question: { exts: [...IMAGE_EXTS, ...AUDIO_EXTS], maxMB: 20, noun: '文件' },
};

export const UPLOAD_KINDS = Object.keys(UPLOAD_RULES) as UploadKind[];

/** The resumable video upload: accepted types, default largest size, chunk size. */
export const VIDEO_UPLOAD = { exts: VIDEO_EXTS, maxMB: 500, chunkBytes: 8 * 1024 * 1024, noun: '视频' } as const;

/** Image thumbnails (spec §9): `?width` without a value means this width. */
export const IMAGE_WIDTH_DEFAULT = 200;
export const IMAGE_WIDTH_MIN = 16;
export const IMAGE_WIDTH_MAX = 2048;

/** `5MB`, `500KB`: a size limit as the user reads it. */
export const sizeLabel = (kb: number): string => (kb >= 1024 && kb % 1024 === 0 ? `${kb / 1024}MB` : `${kb}KB`);
export const tooLargeMessage = (maxKB: number): string => `文件大小不能超过${sizeLabel(maxKB)}`;
export const formatsMessage = (formats: readonly string[], noun = '文件'): string => `只能上传${formats.join('、')}格式的${noun}`;
export const FILE_EMPTY = '请选择要上传的文件';
/** A multipart body that cannot be read (cut short, no parts, no boundary): 400. */
export const MULTIPART_MALFORMED = '上传内容不完整或格式不正确，请重新上传';
export const VIDEO_TRANSCODE_FAILED = '视频转码失败，请重新上传';
export const UPLOAD_EXPIRED = '上传授权已过期，请刷新后继续上传';
export const UPLOAD_OFFSET_MISMATCH = '上传位置不一致，请从服务器记录的位置继续上传';
export const VIDEO_NOT_FOUND = '视频不存在或已被删除';
export const IMAGE_WIDTH_INVALID = `图片宽度必须是${IMAGE_WIDTH_MIN}到${IMAGE_WIDTH_MAX}之间的整数`;
