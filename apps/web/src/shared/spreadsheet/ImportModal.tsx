import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  DOWNLOAD_TEMPLATE,
  IMPORT_CHECKING,
  IMPORT_FAILED,
  IMPORT_MODAL_WIDTH,
  SPREADSHEET_EXTENSIONS,
  USER_IMPORTS,
  importSuccessMessage,
  type UserImportId,
} from '@huodong/domain';
import { api } from '../api';
import { AppModal } from '../AppModal';
import { feedback } from '../feedback';
import { showRefusedRows, showRowErrors } from '../rowErrors';
import { UploadControl } from '../UploadControl';
import { saveFile, XLSX_TYPE } from '../saveFile';
import { validateInWorker } from './workerProtocol';

export const CHOOSE_FILE = '选择文件';
export const IMPORT_HINT = '请先下载模板，按模板填写后选择xlsx或xls文件导入；同一学号再次导入会更新原有信息。';

/** 下载模板: the import's header row and hint row as .xlsx, made in the browser. */
async function downloadTemplate(kind: UserImportId): Promise<void> {
  const { templateWorkbook } = await import('./parseWorkbook');
  saveFile(templateWorkbook(kind), USER_IMPORTS[kind].templateFile, XLSX_TYPE);
}

export interface ImportModalProps {
  kind: UserImportId;
  open: boolean;
  /** Organisation the rows belong to (its id goes into each row's org_id). */
  orgId: number;
  /** Upload path: `/v1/{org}/users/import`, `/v1/organizations/import`, … */
  path: string;
  onClose: () => void;
  /** After a successful import (and, for the school import, after a failed one: spec §8). */
  onImported?: () => void;
}

/**
 * Import dialog (spec §4, §5, §8): 下载模板, then choose a file → 正在校验 (read and validated in a
 * Web Worker) → errors in the 错误提示 modal and nothing uploaded, or upload `{data: JSON}` →
 * 导入用户信息成功！新增 n 人，更新 m 人 / 导入用户信息失败. Files other than xlsx/xls are ignored without a word.
 */
export function ImportModal({ kind, open, orgId, path, onClose, onImported }: ImportModalProps) {
  const def = USER_IMPORTS[kind];
  const [busy, setBusy] = useState(false);

  const importFile = async (file: File) => {
    setBusy(true);
    try {
      const result = await validateInWorker(file, kind, orgId);
      if (!result.ok) {
        showRowErrors(result.errors);
        return;
      }
      try {
        const done = await api.post<{ created: number; updated: number }>(path, { data: JSON.stringify(result.rows) }, { silent: true });
        feedback.message.success(importSuccessMessage(done.created, done.updated));
        onImported?.();
        onClose();
      } catch (e) {
        feedback.message.error(IMPORT_FAILED);
        showRefusedRows(e);
        // The school variant raises its success event on failure too: the dialog closes and the list refreshes.
        if (kind === 'student') {
          onImported?.();
          onClose();
        }
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal title={def.title} open={open} width={IMPORT_MODAL_WIDTH} footer={null} onCancel={busy ? undefined : onClose} maskClosable={!busy} destroyOnHidden>
      <Typography.Paragraph type="secondary">{IMPORT_HINT}</Typography.Paragraph>
      <Space>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate(kind)}>
          {DOWNLOAD_TEMPLATE}
        </Button>
        <UploadControl formats={SPREADSHEET_EXTENSIONS} ignoreOtherFormats disabled={busy} onFiles={([file]) => void importFile(file)}>
          <Button type="primary" icon={<UploadOutlined />} loading={busy}>
            {busy ? IMPORT_CHECKING : CHOOSE_FILE}
          </Button>
        </UploadControl>
      </Space>
    </AppModal>
  );
}
