import { Suspense, lazy, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Empty, Flex, Table, Tabs, Tag } from 'antd';
import { LazyPopconfirm as Popconfirm } from '../../shared/LazyPopconfirm';
import type { ColumnsType } from 'antd/es/table';
import { questionNumbers, SURVEY_QUESTION_TYPES, type ListData } from '@huodong/domain';
import { PagePanel } from '../../shared/PagePanel';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import { download } from '../../shared/apiClient';
import { PageLoading } from '../../shared/PageLoading';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import type { Row } from '../../resources/listModel';
import { resourceQueryKey } from '../../resources/resourcePaths';
import { activityPath, exportPath, idOf, questionsPath, SURVEY, SURVEY_COUNT_PAGE, surveyKey, type StoredQuestion } from './surveyApi';
import * as T from './texts';

// The editor (antd Form, the domain's checks) loads when opened, the responses with their tab.
const QuestionEditor = lazy(() => import('./QuestionEditor'));
const ResponsesTab = lazy(() => import('./ResponsesTab'));


/** One line of a question's options (or rows), hidden ones marked. */
function optionsLine(q: StoredQuestion): string {
  const shown = q.options.filter((o) => !o.hidden).map((o) => o.text);
  const rows = q.rows.filter((r) => !r.hidden).map((r) => r.text);
  return [shown.join(' / '), rows.length ? `${T.ROWS}：${rows.join(' / ')}` : ''].filter(Boolean).join('；');
}

/** What the logic of a question says, in words. */
function logicLine(q: StoredQuestion, nos: Map<number, number>): string {
  const parts: string[] = [];
  if (q.show_logic) parts.push(`${T.SHOW_IF}：${q.show_logic.conditions.map((c) => `第${nos.get(c.qid) ?? '?'}题`).join(q.show_logic.combine === 'any' ? '或' : '且')}`);
  for (const rule of q.jump_logic) parts.push(`${T.JUMP}：${rule.target === 'end' ? T.END : `第${nos.get(rule.target) ?? '?'}题`}`);
  return parts.join('；');
}

/**
 * 问卷题目 (`adminAct/adminSurveyWork?actID=`, spec §2): the questions of a questionnaire in their
 * order — added, edited (type, options with "other" text, exclusive option and quotas, matrix rows,
 * cascade, text checks, rating, NPS, show and jump logic), moved, deleted — and its submitted
 * responses (the declared list; each opens its paper). Changing the type of an answered question
 * asks the spec's confirmation (§5).
 */
export default function SurveyWorkPage() {
  const { scope: org } = useScope();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const act = idOf(params.get('actID'));
  const tab = params.get('tab') === 'responses' ? 'responses' : 'questions';
  const [editing, setEditing] = useState<StoredQuestion | 'new' | null>(null);
  const key = surveyKey(act ?? 0);
  const activity = useApiQuery<Row>([...key, 'activity'], act !== undefined ? activityPath(org, act) : null);
  const list = useApiQuery<ListData<StoredQuestion>>([...key, 'questions'], act !== undefined ? questionsPath(org, act) : null, { page_size: 100, sort: 'sort' });
  const questions = list.data?.items ?? [];
  const nos = questionNumbers(questions);
  const refresh = [key, resourceQueryKey({ name: 'surveyQuestions' })];
  const move = useApiMutation((ids: number[]) => api.post(`${questionsPath(org, act!)}/sort`, { ids }), { invalidate: refresh });
  const remove = useApiMutation((id: number) => api.del(`${questionsPath(org, act!)}/${id}`), { invalidate: refresh, successMessage: T.DELETED });
  const [exporting, setExporting] = useState(false);

  if (act === undefined) return <Empty description={T.NEED_ACTIVITY} />;
  if (activity.isPending) return <PageLoading />;
  if (!activity.data) return <Empty description={T.ACTIVITY_MISSING} />;

  const swap = (i: number, j: number) => {
    const ids = questions.map((q) => q.id);
    [ids[i], ids[j]] = [ids[j], ids[i]];
    move.mutate(ids);
  };

  const columns: ColumnsType<StoredQuestion> = [
    { key: 'no', title: T.NO, width: 70, render: (_, q) => (nos.has(q.id) ? nos.get(q.id) : '-') },
    { key: 'type', title: T.TYPE, width: 100, render: (_, q) => <Tag>{SURVEY_QUESTION_TYPES[q.type]}</Tag> },
    { key: 'title', dataIndex: 'title', title: T.TITLE },
    { key: 'required', title: T.REQUIRED, width: 70, render: (_, q) => (q.type === 'description' ? '-' : q.is_required ? T.YES : T.NOT) },
    { key: 'options', title: T.OPTIONS, render: (_, q) => optionsLine(q) },
    { key: 'logic', title: T.LOGIC, render: (_, q) => logicLine(q, nos) },
    { key: 'answers', dataIndex: 'answer_count', title: T.ANSWERS, width: 80 },
    {
      key: 'actions',
      title: '操作',
      width: 230,
      render: (_, q, i) => (
        <Flex gap={4} wrap>
          <Button size="small" type="link" disabled={i === 0 || move.isPending} onClick={() => swap(i, i - 1)}>
            {T.MOVE_UP}
          </Button>
          <Button size="small" type="link" disabled={i === questions.length - 1 || move.isPending} onClick={() => swap(i, i + 1)}>
            {T.MOVE_DOWN}
          </Button>
          <Button size="small" type="link" data-testid={`edit-question-${q.id}`} onClick={() => setEditing(q)}>
            {T.EDIT}
          </Button>
          <Popconfirm title={T.DELETE_CONFIRM} okText={T.OK} cancelText={T.CANCEL} onConfirm={() => remove.mutateAsync(q.id)}>
            <Button size="small" type="link" danger>
              {T.DELETE}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <PagePanel testId="survey-work">
      <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate(scopeLink(org, SURVEY.page))}>{T.BACK_TO_LIST}</Button>
        <strong data-testid="survey-title">{String(activity.data.title)}</strong>
        <Button onClick={() => navigate(scopeLink(org, `${SURVEY_COUNT_PAGE}?actID=${act}`))}>{T.COUNT}</Button>
        <Button
          loading={exporting}
          onClick={async () => {
            setExporting(true);
            await download(exportPath(org), { act })
              .catch(() => undefined)
              .finally(() => setExporting(false));
          }}
        >
          {T.EXPORT}
        </Button>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams((p) => (p.set('tab', k), p), { replace: true })}
        items={[
          {
            key: 'questions',
            label: T.QUESTIONS,
            children: (
              <>
                <Button type="primary" style={{ marginBottom: 12 }} data-testid="add-question" onClick={() => setEditing('new')}>
                  {T.ADD_QUESTION}
                </Button>
                <Table<StoredQuestion>
                  rowKey="id"
                  size="small"
                  loading={list.isPending}
                  columns={columns}
                  dataSource={questions}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  locale={{ emptyText: <Empty description={T.NO_QUESTIONS} /> }}
                />
              </>
            ),
          },
          {
            key: 'responses',
            label: T.RESPONSES,
            children: (
              <Suspense fallback={<PageLoading />}>
                <ResponsesTab org={org} act={act} />
              </Suspense>
            ),
          },
        ]}
      />
      {editing && (
        <Suspense fallback={null}>
          <QuestionEditor org={org} act={act} question={editing === 'new' ? null : editing} questions={questions} refresh={refresh} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </PagePanel>
  );
}
