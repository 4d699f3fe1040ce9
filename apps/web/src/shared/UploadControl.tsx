import type { ReactNode } from 'react';
import { Upload } from 'antd';
import type { RcFile } from 'antd/es/upload';
import { feedback } from './feedback';

/**
 * The one file-choosing control of the app (spec §5): optional allowed formats, optional maximum
 * size in KB, and only the first chosen file unless `multiple`. Nothing is uploaded here: the
 * chosen files are handed to `onFiles`, which reads or sends them.
 */
export interface UploadControlProps {
  /** Allowed extensions without the dot (`['xlsx', 'xls']`); absent = any file. */
  formats?: readonly string[];
  /** Largest allowed file in KB; a larger file is refused with a message. */
  maxSizeKB?: number;
  multiple?: boolean;
  /**
   * A file of another format is ignored without a word (the spreadsheet imports, spec §5);
   * otherwise a message names the allowed formats.
   */
  ignoreOtherFormats?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  /** The clickable content, usually a Button. */
  children: ReactNode;
}

export const extensionOf = (name: string): string => /\.([^./\\]+)$/.exec(name.trim())?.[1]?.toLowerCase() ?? '';
export const formatsMessage = (formats: readonly string[]): string => `只能选择${formats.join('、')}格式的文件`;
export const tooLargeMessage = (maxKB: number): string =>
  `文件大小不能超过${maxKB >= 1024 && maxKB % 1024 === 0 ? `${maxKB / 1024}MB` : `${maxKB}KB`}`;

/** Which of the chosen files pass; the messages of those that do not. Pure (tested). */
export function acceptFiles(
  files: readonly Pick<File, 'name' | 'size'>[],
  opts: Pick<UploadControlProps, 'formats' | 'maxSizeKB' | 'multiple' | 'ignoreOtherFormats'>,
): { accepted: number[]; messages: string[] } {
  const chosen = opts.multiple ? files.map((_, i) => i) : files.length > 0 ? [0] : [];
  const accepted: number[] = [];
  const messages = new Set<string>();
  for (const i of chosen) {
    const f = files[i];
    if (opts.formats && !opts.formats.includes(extensionOf(f.name))) {
      if (!opts.ignoreOtherFormats) messages.add(formatsMessage(opts.formats));
      continue;
    }
    if (opts.maxSizeKB !== undefined && f.size > opts.maxSizeKB * 1024) {
      messages.add(tooLargeMessage(opts.maxSizeKB));
      continue;
    }
    accepted.push(i);
  }
  return { accepted, messages: [...messages] };
}

export function UploadControl({ formats, maxSizeKB, multiple = false, ignoreOtherFormats, disabled, onFiles, children }: UploadControlProps) {
  // antd calls beforeUpload once per file with the whole batch: act once, on the batch's last file.
  const beforeUpload = (file: RcFile, batch: RcFile[]) => {
    if (file !== batch[batch.length - 1]) return Upload.LIST_IGNORE;
    const { accepted, messages } = acceptFiles(batch, { formats, maxSizeKB, multiple, ignoreOtherFormats });
    for (const m of messages) feedback.message.error(m);
    if (accepted.length > 0) onFiles(accepted.map((i) => batch[i]));
    return Upload.LIST_IGNORE;
  };
  return (
    <Upload
      accept={formats?.map((f) => `.${f}`).join(',')}
      multiple={multiple}
      disabled={disabled}
      showUploadList={false}
      beforeUpload={beforeUpload}
    >
      {children}
    </Upload>
  );
}
