import { useState } from 'react';
import { Button } from 'antd-mobile';
import { READER_TEXTS, readerClient } from '../shared/readerClient';
import { SubjectApiError } from '../shared/subjectClient';
import { useReaderSession } from './reader';
import { WriteOutcome } from './H5Page';
import { H5_TEXTS } from './texts';

/** A file the reader uploaded (`POST /v1/{org}/client/upload`): where it is kept, its name and type by its bytes. */
export interface ReaderFile {
  url: string;
  name: string;
  ext: string;
}

/**
 * One file of the reader's sent as multipart to the reader upload (public upload rules: documents,
 * pictures, audio, short video); the server's message (type, size) when refused. A 401 forgets the token.
 */
export async function readerUpload(org: string, file: File): Promise<ReaderFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const bearer = readerClient.token.get(org);
  let res: Response;
  try {
    res = await fetch(`/v1/${org}/client/upload`, { method: 'POST', headers: bearer ? { authorization: `Bearer ${bearer}` } : {}, body: form });
  } catch {
    throw new SubjectApiError(0, READER_TEXTS.networkRetry);
  }
  const env = (await res.json().catch(() => ({ code: res.status, message: '上传失败，请稍后重试', data: null }))) as { code: number; message: string; data: ReaderFile | null };
  if (res.status === 401) readerClient.token.clear(org);
  if (!res.ok || env.code !== 200 || !env.data) throw new SubjectApiError(res.status, env.message || '上传失败，请稍后重试');
  return env.data;
}

/**
 * The files of a field uploaded one by one as the reader picks them (at most `max`), each with its
 * remove button; the server's refusal of a file shown under the field.
 */
export function ReaderFilesInput({ id, label, files, max, accept, onChange }: { id?: string; label?: string; files: ReaderFile[]; max: number; accept?: string; onChange: (files: ReaderFile[]) => void }) {
  const { org, signOut } = useReaderSession();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState('');
  const add = async (chosen: FileList | null) => {
    if (!chosen) return;
    setError('');
    setUploading(true);
    try {
      const got: ReaderFile[] = [];
      for (const f of Array.from(chosen).slice(0, max - files.length)) got.push(await readerUpload(org, f));
      onChange([...files, ...got]);
    } catch (e) {
      if ((e as SubjectApiError).status === 401) return signOut();
      setError((e as SubjectApiError).message);
    } finally {
      setUploading(false);
    }
  };
  return (
    <>
      {files.length > 0 && (
        <ul style={{ paddingLeft: 18, margin: '0 0 8px' }}>
          {files.map((f) => (
            <li key={f.url} style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
              <span style={{ wordBreak: 'break-all' }}>{f.name}</span>
              <Button size="small" fill="none" color="danger" style={{ minHeight: 44 }} aria-label={`${H5_TEXTS.removeFile} ${f.name}`} onClick={() => onChange(files.filter((x) => x.url !== f.url))}>
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      {files.length < max && (
        <input
          id={id}
          aria-label={id ? undefined : label}
          className="h5-input"
          type="file"
          multiple={max - files.length > 1}
          accept={accept}
          disabled={uploading}
          onChange={(e) => {
            void add(e.target.files);
            e.target.value = '';
          }}
        />
      )}
      {uploading && <p className="h5-muted">{H5_TEXTS.uploading}</p>}
      <WriteOutcome failure={error} />
    </>
  );
}

/** A stored file's name for the list when only its address is known (the last part of the URL). */
export const fileOfUrl = (url: string): ReaderFile => ({ url, name: decodeURIComponent(url.split('/').pop() ?? url), ext: '' });
