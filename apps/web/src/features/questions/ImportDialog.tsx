import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { duplicatesWithin, IMPORT_CHECKING, IMPORT_MODAL_WIDTH, parseQuestionSheet, QUESTION_IMPORT_HEADERS, QUESTION_TEMPLATE_FILE, questionTemplate, SPREADSHEET_EXTENSIONS } from '@huodong/domain';
import { api, isApiError } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import { feedback } from '../../shared/feedback';
import { showRefusedRows, showRowErrors } from '../../shared/rowErrors';
import { saveFile, XLSX_TYPE } from '../../shared/saveFile';
import { UploadControl } from '../../shared/UploadControl';
import { confirmDuplicates, type CompareResult } from './Duplicates';
import * as T from './texts';

// SheetJS loads with the spreadsheet module (its own chunk), when a template or a file is asked for.
const sheets = () => import('../../shared/spreadsheet/parseWorkbook');

/** 下载模板: the headers, the hint row and an example of each type. */
async function downloadTemplate(): Promise<void> {
  const { writeTable } = await sheets();
  const { headers, hintRow, example } = questionTemplate();
  saveFile(writeTable({ headers, rows: [hintRow, ...example] }, 'xlsx'), QUESTION_TEMPLATE_FILE, XLSX_TYPE);
}

/** The first sheet's rows keyed by header, each with the row number the user sees. */
async function readRows(file: File): Promise<Record<string, unknown>[]> {
  const { readKeyedRows } = await sheets();
  return readKeyedRows(await file.arrayBuffer());
}

export interface ImportDialogProps {
  /** `POST …/batchCreate`. */
  importPath: string;
  /** `POST …/compare` of the same bank. */
  comparePath: string;
  onClose: () => void;
  onImported: () => void;
}

/**
 * 导入题目 (spec §4 import flow, §5 row errors): 下载模板; choose an xlsx/xls file → 正在校验 (the
 * domain's checks, the server's again) → every bad row in 错误提示 and nothing imported; the
 * rows similar to questions of the bank shown side by side to confirm; then all rows at once.
 */
export default function ImportDialog({ importPath, comparePath, onClose, onImported }: ImportDialogProps) {
  const [busy, setBusy] = useState(false);
  const run = async (file: File) => {
    setBusy(true);
    try {
      const rows = await readRows(file);
      const checked = parseQuestionSheet(rows);
      if (!checked.ok) {
        showRowErrors(checked.errors);
        return;
      }
      const stems = checked.questions.map((q) => q.body.stem);
      const shown = (i: number) => {
        const q = checked.questions[i];
        return { type: q.body.type, stem: q.body.stem, options: q.body.options, answer_text: String(rows.find((r) => r._row === q.row)?.[QUESTION_IMPORT_HEADERS.answer] ?? '') };
      };
      const found = await api.post<CompareResult>(comparePath, { stems });
      // Rows repeating an earlier row of the same sheet, beside that row.
      const within = duplicatesWithin(stems);
      const items = stems.flatMap((stem, index) => {
        const bank = found.items.find((x) => x.index === index)?.matches ?? [];
        const sheet = within[index].map((m) => ({ ...shown(m.id), id: -checked.questions[m.id].row, similarity: m.similarity, title: T.importRowLabel(checked.questions[m.id].row) }));
        return bank.length || sheet.length ? [{ index, stem, matches: [...sheet, ...bank] }] : [];
      });
      if (items.length > 0) {
        const go = await confirmDuplicates({ items }, (i) => ({ q: shown(i), title: T.importRowLabel(checked.questions[i].row) }), T.IMPORT_ANYWAY);
        if (!go) return;
      }
      try {
        const done = await api.post<{ created: number }>(importPath, { rows }, { silent: true });
        feedback.message.success(T.importDone(done.created));
        onImported();
        onClose();
      } catch (e) {
        if (!showRefusedRows(e)) feedback.message.error(isApiError(e) ? e.message : String(e));
      }
    } catch (e) {
      if (!isApiError(e)) feedback.message.error(String(e instanceof Error ? e.message : e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppModal title={T.IMPORT_TITLE} open width={IMPORT_MODAL_WIDTH} footer={null} onCancel={onClose}>
      <Typography.Paragraph type="secondary">{T.IMPORT_HINT}</Typography.Paragraph>
      <Space>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()}>
          {T.DOWNLOAD_TEMPLATE}
        </Button>
        <UploadControl formats={SPREADSHEET_EXTENSIONS} ignoreOtherFormats disabled={busy} onFiles={([f]) => void run(f)}>
          <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid="choose-sheet">
            {busy ? IMPORT_CHECKING : T.CHOOSE_SHEET}
          </Button>
        </UploadControl>
      </Space>
    </AppModal>
  );
}
