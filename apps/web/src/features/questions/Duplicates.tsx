import { Flex, Tag, Typography } from 'antd';
import { OPTION_KEYS, QUESTION_TYPES, questionAnswerText } from '@huodong/domain';
import { feedback } from '../../shared/feedback';
import * as T from './texts';

/** One question as the side-by-side view shows it. */
export interface ShownQuestion {
  type: number;
  stem: string;
  options?: { key: string; text: string }[] | unknown;
  answer_text: string;
}

/** `POST …/compare` answer: the stems that have similar questions in the bank. */
export interface CompareResult {
  items: { index: number; stem: string; matches: (ShownQuestion & { id: number; similarity: number; title?: string })[] }[];
}

function Question({ q, title, extra }: { q: ShownQuestion; title: string; extra?: string }) {
  const options = Array.isArray(q.options) ? (q.options as { key: string; text: string }[]) : [];
  return (
    <div style={{ flex: 1, minWidth: 0, padding: 8, border: '1px solid #f0f0f0', borderRadius: 6 }}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{title}</Typography.Text>
        <Tag>{QUESTION_TYPES[q.type as keyof typeof QUESTION_TYPES]}</Tag>
        {extra && <Tag color="orange">{extra}</Tag>}
      </Flex>
      <div style={{ margin: '6px 0', whiteSpace: 'pre-wrap' }}>{q.stem}</div>
      {options.map((o, i) => (
        <div key={i}>
          {o.key ?? OPTION_KEYS[i]}. {o.text}
        </div>
      ))}
      <Typography.Text type="secondary">
        {T.ANSWER}：{q.answer_text}
      </Typography.Text>
    </div>
  );
}

/**
 * The duplicates found (`/contest/compare`) side by side: each new question (or sheet row) beside
 * the bank's similar ones with their similarity. Resolves true when the user goes on anyway.
 */
export function confirmDuplicates(found: CompareResult, mine: (index: number) => { q: ShownQuestion; title: string }, okText: string): Promise<boolean> {
  return new Promise((resolve) => {
    feedback.modal.confirm({
      title: T.DUPLICATE_TITLE,
      width: 880,
      okText,
      cancelText: T.BACK_TO_EDIT,
      content: (
        <div data-testid="duplicates" style={{ maxHeight: 420, overflow: 'auto' }}>
          <Typography.Paragraph>{T.DUPLICATE_HINT}</Typography.Paragraph>
          {found.items.map((item) => {
            const { q, title } = mine(item.index);
            return (
              <Flex key={item.index} gap={8} style={{ marginBottom: 12 }} wrap>
                <Question q={q} title={title} />
                <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
                  {item.matches.map((m) => (
                    <Question key={m.id} q={m} title={m.title ?? `${T.EXISTING_QUESTION} #${m.id}`} extra={T.similarity(m.similarity)} />
                  ))}
                </Flex>
              </Flex>
            );
          })}
        </div>
      ),
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/** The question as a form body shows it beside the bank's. */
export const shownBody = (body: Record<string, unknown>): ShownQuestion => ({
  type: Number(body.type),
  stem: String(body.stem ?? ''),
  options: body.options,
  answer_text: questionAnswerText(Number(body.type), Array.isArray(body.answer) ? JSON.stringify(body.answer) : String(body.answer ?? '')),
});
