import { feedback } from '../../shared/feedback';
import { pickToken, tokenStore } from '../../shared/tokenStore';
import { scopeFromPath } from '../../shared/scope';
import { saveFile } from '../imports/saveFile';

export const EXPORT = '导出';
export const EXPORT_FAILED = '导出失败，请稍后重试';

/** The user list export path (spec §7 `/v1/{org}/export/...` user list). */
export const userListExportPath = (org: string, type: 'user' | 'student'): string =>
  `/v1/${encodeURIComponent(org)}/export/userList${type === 'student' ? '?type=student' : ''}`;

/**
 * Download a server-made file with the scope's bearer token (the JSON API client reads envelopes;
 * a file answer is a Blob). A failure answer is still the envelope: its message is shown.
 */
export async function downloadExport(path: string, filename: string): Promise<void> {
  const token = pickToken(path, scopeFromPath(window.location.pathname), tokenStore.all());
  const res = await fetch(path, { headers: token ? { Authorization: `Bearer ${token.access_token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    feedback.message.error(body?.message || EXPORT_FAILED);
    return;
  }
  saveFile(await res.blob(), filename, res.headers.get('content-type') ?? '');
}
