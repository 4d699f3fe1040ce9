import { useMemo, useState } from 'react';
import { Button, Card, Empty, Flex, Table, Typography } from 'antd';
import { FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { SPREADSHEET_EXTENSIONS } from '@huodong/domain';
import { TABLE_PAGINATION } from '../../shared/antdDefaults';
import { feedback } from '../../shared/feedback';
import { UploadControl } from '../../shared/UploadControl';
import type { SheetTable } from '../../shared/spreadsheet/parseWorkbook';
import { CSV_TYPE, XLSX_TYPE, saveFile } from '../../shared/saveFile';
import { FILE_UNREADABLE, readInWorker } from '../../shared/spreadsheet/workerProtocol';

export const UPLOAD_MORE_TITLE = '表格读取与导出';
export const UPLOAD_MORE_HINT = '选择xlsx或xls文件后在下方查看其中的数据（双引号换成单引号，换行换成空格），可导出为xlsx或CSV。文件只在本机读取，不会上传。';
export const CHOOSE_SPREADSHEET = '选择表格';
export const READING = '正在读取';
export const EXPORT_XLSX = '导出xlsx';
export const EXPORT_CSV = '导出CSV';

/** `名单.xlsx` → `名单`: exports keep the chosen file's name. */
const baseName = (name: string) => name.replace(/\.[^.]+$/, '') || 'export';

/**
 * `/uploadMore` (spec §2, §5): a spreadsheet reader and export helper. No sign-in and no server
 * call: the file is read in the Web Worker, shown as a table, and written back as xlsx or CSV.
 */
export default function UploadMorePage() {
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<{ name: string; table: SheetTable } | null>(null);

  const read = async (chosen: File) => {
    setBusy(true);
    try {
      const table = await readInWorker(chosen);
      if (table) setFile({ name: chosen.name, table });
      else feedback.message.error(FILE_UNREADABLE);
    } finally {
      setBusy(false);
    }
  };

  const exportAs = async (format: 'xlsx' | 'csv') => {
    if (!file) return;
    const { writeTable } = await import('../../shared/spreadsheet/parseWorkbook');
    const out = writeTable(file.table, format);
    // A BOM so spreadsheet programs read the CSV's Chinese as UTF-8.
    const content = format === 'csv' ? `\uFEFF${out as string}` : out;
    saveFile(content, `${baseName(file.name)}.${format}`, format === 'csv' ? CSV_TYPE : XLSX_TYPE);
  };

  const columns = useMemo(
    () => (file?.table.headers ?? []).map((title, i) => ({ key: String(i), title, dataIndex: i, ellipsis: true })),
    [file],
  );
  const rows = useMemo(() => (file?.table.rows ?? []).map((cells, i) => ({ ...cells, key: i })), [file]);

  return (
    <div style={{ padding: 24 }} data-testid="upload-more-page">
      <Card title={UPLOAD_MORE_TITLE}>
        <Typography.Paragraph type="secondary">{UPLOAD_MORE_HINT}</Typography.Paragraph>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <UploadControl formats={SPREADSHEET_EXTENSIONS} disabled={busy} onFiles={([f]) => void read(f)}>
            <Button type="primary" icon={<UploadOutlined />} loading={busy}>
              {busy ? READING : CHOOSE_SPREADSHEET}
            </Button>
          </UploadControl>
          <Button icon={<FileExcelOutlined />} disabled={!file} onClick={() => void exportAs('xlsx')}>
            {EXPORT_XLSX}
          </Button>
          <Button disabled={!file} onClick={() => void exportAs('csv')}>
            {EXPORT_CSV}
          </Button>
          {file && <Typography.Text style={{ alignSelf: 'center' }}>{file.name}</Typography.Text>}
        </Flex>
        {file ? (
          <Table size="small" columns={columns} dataSource={rows} scroll={{ x: 'max-content' }} pagination={TABLE_PAGINATION} />
        ) : (
          <Empty />
        )}
      </Card>
    </div>
  );
}
