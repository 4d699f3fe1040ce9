import { READER_TEXTS, readerClient } from '../shared/readerClient';
import { SubjectApiError } from '../shared/subjectClient';

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
