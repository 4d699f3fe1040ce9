import { describe, expect, it, vi } from 'vitest';
import { bindFeedback, feedback, feedbackWanted, type Feedback } from '../src/shared/feedback';

describe('feedback before and after antd is loaded', () => {
  it('asks for the host on the first call, replays waiting calls in order once bound, then calls through', () => {
    expect(feedbackWanted.get()).toBe(false);
    feedback.message.error({ content: '网络错误', key: 'api:x' });
    feedback.modal.confirm({ title: '确认' });
    expect(feedbackWanted.get()).toBe(true);

    const calls: string[] = [];
    const record = (name: string) => vi.fn((arg: unknown) => void calls.push(`${name} ${JSON.stringify(arg)}`));
    const bound = {
      message: { error: record('message.error'), success: record('message.success') },
      notification: {},
      modal: { confirm: record('modal.confirm') },
    } as unknown as Feedback;
    bindFeedback(bound);
    expect(calls).toEqual(['message.error {"content":"网络错误","key":"api:x"}', 'modal.confirm {"title":"确认"}']);

    feedback.message.success('已保存');
    expect(calls.at(-1)).toBe('message.success "已保存"');
    expect(calls).toHaveLength(3);
  });
});
