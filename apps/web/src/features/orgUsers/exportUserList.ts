import { api } from '../../shared/api';

export const EXPORT = '导出';

/** The user list export (spec §7 `/v1/{org}/export/userList`, `?type=student` for the students). */
export const userListExportPath = (org: string): string => `/v1/${encodeURIComponent(org)}/export/userList`;

/** Download the organisation's users or students as .xlsx, named by the server (`用户列表.xlsx`). */
export function downloadUserList(org: string, type: 'user' | 'student', fallbackName: string): Promise<unknown> {
  return api.download(userListExportPath(org), type === 'student' ? { type } : undefined, { filename: fallbackName });
}
