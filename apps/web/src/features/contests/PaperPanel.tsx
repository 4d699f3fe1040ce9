import { Suspense, lazy, useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Table } from 'antd';
import { useApiQuery } from '../../shared/api';
import { clearLeaveWarning, setLeaveWarning } from '../../shared/leaveWarning';
import { categoryNames, drawnCount, paperKey, paperPath, QUESTION_TYPES, useRuleCategories, type ContestRule, type ContestType, type PaperView } from './contestApi';
import * as T from './texts';

// The rules editor (a form) loads when 编辑组卷 opens.
const RulesForm = lazy(() => import('./RulesForm'));

/** A figure: its title above its value. */
const Figure = ({ title, value }: { title: string; value: string | number }) => (
  <div>
    <div style={{ opacity: 0.65, fontSize: 13 }}>{title}</div>
    <div style={{ fontSize: 22 }}>{value}</div>
  </div>
);

/**
 * 组卷 of a contest (or one level): the paper mode, the rules of a random paper, the totals and the
 * shortfall per rule. While a shortfall remains the page's leave warning is set (spec §2: leaving
 * asks 题目数不足 with this text); it is cleared when the paper is complete or the page closes.
 */
export function PaperPanel({ org, type, act, level }: { org: string; type: ContestType; act: number; level?: number }) {
  const paper = useApiQuery<PaperView>(paperKey(act, level), paperPath(org, type, act), level ? { level } : undefined);
  const [editing, setEditing] = useState(false);
  const random = paper.data?.contest_type === 2;
  const categories = useRuleCategories(org, random).data?.items ?? [];
  const warning = paper.data?.warning ?? '';

  useEffect(() => {
    if (warning) setLeaveWarning(warning);
    else clearLeaveWarning();
  }, [warning]);
  // Leaving by the guard clears the warning; closing the page any other way clears it too.
  useEffect(() => () => clearLeaveWarning(), []);

  if (!paper.data) return null;
  const p = paper.data;
  // An advanced contest's overview (no level) lists the levels' shortfalls; its paper is edited per level.
  const editable = type === 3 || level !== undefined;
  return (
    <Card size="small" title={T.PAPER} style={{ marginBottom: 16 }} extra={editable && !editing && <Button onClick={() => setEditing(true)}>{T.EDIT_RULES}</Button>} data-testid="contest-paper">
      {editable && (
        <Flex gap={32} wrap style={{ marginBottom: 12 }}>
          <Figure title={T.PAPER_MODE} value={T.PAPER_MODES[p.contest_type]} />
          <Figure title={T.QUESTION_COUNT} value={random ? T.DRAW_OF_POOL(drawnCount(p), p.question_count) : p.question_count} />
          <Figure title={T.MUST_COUNT} value={p.must_count} />
          <Figure title={T.TOTAL} value={p.total} />
        </Flex>
      )}
      {p.shortfalls.length ? (
        <Alert
          type="warning"
          showIcon
          title={T.SHORTFALL}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {p.shortfalls.map((s, i) => (
                <li key={i}>{s.message}</li>
              ))}
            </ul>
          }
          data-testid="contest-shortfall"
        />
      ) : (
        <Alert type="success" showIcon title={T.READY} />
      )}
      {editable && !editing && p.contest_type === 2 && (
        <Table<ContestRule>
          style={{ marginTop: 12 }}
          size="small"
          rowKey={(r) => `${r.type}:${r.category_ids.join(',')}:${r.difficulty_min}-${r.difficulty_max}`}
          pagination={false}
          dataSource={p.rules}
          columns={[
            { key: 'type', title: T.RULE_TYPE, render: (_: unknown, r) => QUESTION_TYPES[r.type] },
            { key: 'count', dataIndex: 'count', title: T.RULE_COUNT },
            { key: 'score', dataIndex: 'score_each', title: T.RULE_SCORE },
            { key: 'cats', title: T.RULE_CATEGORIES, render: (_: unknown, r) => categoryNames(r.category_ids, categories) || T.ANY_CATEGORY },
            { key: 'diff', title: T.RULE_DIFFICULTY, render: (_: unknown, r) => `${r.difficulty_min}-${r.difficulty_max}` },
          ]}
        />
      )}
      {editing && (
        <Suspense fallback={null}>
          <RulesForm org={org} type={type} act={act} level={level} paper={p} onDone={() => setEditing(false)} />
        </Suspense>
      )}
    </Card>
  );
}
