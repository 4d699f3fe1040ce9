import { useState } from 'react';
import { Button, Flex, Progress, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { QueryKey } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { DOWNLOAD_TEMPLATE, IMPORT_CHECKING } from '@huodong/domain/messages';
import { IMPORT_MODAL_WIDTH, SPREADSHEET_EXTENSIONS } from '@huodong/domain/constants';
import { api, isApiError } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import { feedback } from '../../shared/feedback';
import { showRefusedRows } from '../../shared/rowErrors';
import { UploadControl } from '../../shared/UploadControl';
import { WORK_BASE, type WorkType } from './workApi';
import * as T from './texts';

const PATHS = { 1: 'work', 9: 'creations' } as const;

/**
 * 批量导入: works on readers' behalf from the activity's spreadsheet template (下载模板) and a zip
 * of the files the sheet names. The server checks every row (readers, types, groups, files by
 * their bytes) before it writes anything; its row-numbered errors open in the 错误提示 modal.
 */
export default function ImportWorksModal({ org, type, act, refresh, onClose }: { org: string; type: WorkType; act: number; refresh: QueryKey[]; onClose: () => void }) {
  const base = `/v1/${org}/${WORK_BASE[type]}/${act}/${PATHS[type]}/import`;
  const client = useQueryClient();
  const [sheet, setSheet] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const busy = percent !== null;

  const run = async () => {
    if (!sheet) return void feedback.message.warning(T.IMPORT_NEED_SHEET);
    const fd = new FormData();
    fd.append('sheet', sheet);
    if (zip) fd.append('zip', zip);
    setPercent(0);
    try {
      const done = await api.upload<{ imported: number }>(base, fd, setPercent, { silent: true });
      feedback.message.success(T.IMPORT_DONE(done.imported));
      await Promise.all(refresh.map((queryKey) => client.invalidateQueries({ queryKey })));
      onClose();
    } catch (e) {
      if (!showRefusedRows(e)) feedback.message.error(isApiError(e) && e.message ? e.message : T.IMPORT_FAILED);
    } finally {
      setPercent(null);
    }
  };

  return (
    <AppModal title={T.IMPORT_WORKS} open width={IMPORT_MODAL_WIDTH} footer={null} onCancel={busy ? undefined : onClose} maskClosable={!busy} destroyOnHidden>
      <Typography.Paragraph type="secondary">{T.IMPORT_HINT}</Typography.Paragraph>
      <Flex vertical gap={12}>
        <Button icon={<DownloadOutlined />} onClick={() => void api.download(`${base}/template`, undefined, { filename: 'works-template.xlsx' })} data-testid="works-template">
          {DOWNLOAD_TEMPLATE}
        </Button>
        <Flex gap={8} align="center">
          <UploadControl formats={SPREADSHEET_EXTENSIONS} ignoreOtherFormats disabled={busy} onFiles={([f]) => setSheet(f)}>
            <Button icon={<UploadOutlined />}>{T.IMPORT_SHEET}</Button>
          </UploadControl>
          <Typography.Text data-testid="import-sheet-name">{sheet?.name ?? T.IMPORT_NOT_CHOSEN}</Typography.Text>
        </Flex>
        <Flex gap={8} align="center">
          <UploadControl formats={['zip']} disabled={busy} onFiles={([f]) => setZip(f)}>
            <Button icon={<UploadOutlined />}>{T.IMPORT_ZIP}</Button>
          </UploadControl>
          <Typography.Text data-testid="import-zip-name">{zip?.name ?? T.IMPORT_NOT_CHOSEN}</Typography.Text>
        </Flex>
        {busy && <Progress percent={percent} size="small" />}
        <Button type="primary" loading={busy} disabled={!sheet} onClick={() => void run()} data-testid="import-works-run">
          {busy ? IMPORT_CHECKING : T.IMPORT_RUN}
        </Button>
      </Flex>
    </AppModal>
  );
}
