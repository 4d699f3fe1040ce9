import { Suspense, lazy, useMemo, useState } from 'react';
import { Button, Space } from 'antd';
import { ResourcePage } from '../../resources/ResourcePage';
import { findDeclaration } from '../../resources/listModel';
import { resourceQueryKey } from '../../resources/resourcePaths';
import { paperKey, questionPath, BASE, type ContestType } from './contestApi';
import type { QuestionRow } from './QuestionDialog';
import * as T from './texts';

// The dialogs load when first opened.
const QuestionDialog = lazy(() => import('./QuestionDialog'));
const BankPickerDialog = lazy(() => import('./BankPickerDialog'));
const CompareDialog = lazy(() => import('./CompareDialog'));

/**
 * The contest's questions as the declared list (filters, 设为必答/取消必答, order, delete) with the
 * contest's own dialogs: 新增题目 and 编辑 (the options and answer need their own editor), 从题库选题,
 * and 查重 (near-duplicate stems side by side). `level` writes into that level of an advanced contest.
 */
export function ContestQuestionsPanel({ org, type, act, level }: { org: string; type: ContestType; act: number; level?: number }) {
  const base = findDeclaration(type === 3 ? 'contestQuestions' : 'contestProQuestions');
  // New and edit go through the contest's own dialog; the declared list keeps its actions.
  const def = useMemo(() => ({ ...base, readOnly: true }), [base]);
  const path = questionPath(org, type, act);
  const refresh = [resourceQueryKey(base), paperKey(act, level), paperKey(act)];
  const [dialog, setDialog] = useState<{ kind: 'question'; row: QuestionRow | null } | { kind: 'choose' } | { kind: 'compare' } | null>(null);
  const needLevel = type === 6 && !level;
  return (
    <>
      <ResourcePage
        key={`${act}:${level ?? 0}`}
        def={def}
        org={org}
        parentId={act}
        rowActions={[
          ({ row }) => (
            <Button size="small" type="link" onClick={() => setDialog({ kind: 'question', row: row as unknown as QuestionRow })}>
              {T.EDIT}
            </Button>
          ),
        ]}
        toolbar={() => (
          <Space wrap>
            <Button type="primary" disabled={needLevel} title={needLevel ? T.LEVEL_REQUIRED : undefined} onClick={() => setDialog({ kind: 'choose' })} data-testid="contest-choose">
              {T.CHOOSE}
            </Button>
            <Button disabled={needLevel} title={needLevel ? T.LEVEL_REQUIRED : undefined} onClick={() => setDialog({ kind: 'question', row: null })} data-testid="contest-add">
              {T.ADD}
            </Button>
            <Button onClick={() => setDialog({ kind: 'compare' })}>{T.COMPARE}</Button>
          </Space>
        )}
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'question' && <QuestionDialog path={path} row={dialog.row} levelId={level} refresh={refresh} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'choose' && <BankPickerDialog org={org} choosePath={`${path}/choose`} levelId={level} refresh={refresh} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'compare' && <CompareDialog path={`/v1/${org}/${BASE[type]}/${act}/compare`} onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
