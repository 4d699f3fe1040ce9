import { useMemo } from 'react';
import { Alert, Button, Checkbox, DatePicker, Flex, Form, Input, InputNumber, Select, Table, TimePicker } from 'antd';
import { chinaDateTime, formatSeconds, OFFLINE_LIMITS, weekdayOf, weeklyPatternSchema, weeklySessions, type PlannedSession, type WeeklyPattern } from '@huodong/domain';
import dayjs, { type Dayjs } from '../../shared/dayjs';
import { feedback } from '../../shared/feedback';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import { placeServerErrors } from '../../shared/formErrors';
import { AppModal } from '../../shared/AppModal';
import { batchPath, venuesPath } from './offlineApi';
import * as T from './texts';

interface Values {
  title?: string;
  speaker?: string;
  weekdays?: number[];
  from_date?: Dayjs | null;
  to_date?: Dayjs | null;
  start_time?: Dayjs | null;
  end_time?: Dayjs | null;
  skip_dates?: Dayjs[];
  capacity?: number | null;
  venue_id?: number | null;
  address?: string;
  signup_open_days?: number | null;
  signup_close_min?: number | null;
}

/** `2026-12-05 周六`. */
function dateWithWeekday(seconds: number): string {
  const date = chinaDateTime(seconds).slice(0, 10);
  return `${date} ${T.WEEKDAYS[weekdayOf(date) - 1]}`;
}

const day = (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined);
const clock = (d?: Dayjs | null) => (d ? d.format('HH:mm') : undefined);

/** The form's values as the call's body (`WeeklyPattern`). */
function patternOf(v: Values): Partial<WeeklyPattern> {
  return {
    title: v.title?.trim(),
    speaker: v.speaker?.trim() || undefined,
    weekdays: v.weekdays,
    from_date: day(v.from_date),
    to_date: day(v.to_date),
    start_time: clock(v.start_time),
    end_time: clock(v.end_time),
    skip_dates: (v.skip_dates ?? []).map((d) => day(d)!),
    capacity: v.capacity ?? undefined,
    venue_id: v.venue_id ?? null,
    address: v.address?.trim() || undefined,
    signup_open_days: v.signup_open_days ?? undefined,
    signup_close_min: v.signup_close_min ?? undefined,
  };
}

const WEEKDAY_OPTIONS = T.WEEKDAYS.map((label, i) => ({ value: i + 1, label }));

/**
 * 批量生成 (issue 23, `POST /train/{act}/session/batch`): sessions of a series from a weekly
 * pattern — weekdays, time, date range, skipped dates, seats, venue, sign-up deadlines relative to
 * each session — with a preview of the sessions it makes (the domain's `weeklySessions`, the same
 * the server runs). The server's 422 goes on the field it names.
 */
export default function BatchSessionsDialog({ org, act, onClose, onDone }: { org: string; act: number; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) as Values | undefined;
  const venues = useApiQuery<{ items: { id: number; name: string }[] }>(['offlineVenues'], venuesPath(org), { page_size: 100 });
  const preview = useMemo((): { sessions: PlannedSession[] } | null => {
    const parsed = weeklyPatternSchema.safeParse(patternOf(values ?? {}));
    return parsed.success ? { sessions: weeklySessions(parsed.data) } : null;
  }, [values]);
  const create = useApiMutation((body: Partial<WeeklyPattern>) => api.post<{ created: number }>(batchPath(org, act), body), {
    onSuccess: (res) => {
      onDone();
      onClose();
      feedback.message.success(T.BATCH_DONE(res.created));
    },
    onError: (e) => void placeServerErrors(form, e),
  });
  const submit = async () => {
    const v = await form.validateFields();
    create.mutate(patternOf(v));
  };
  const n = preview?.sessions.length ?? 0;
  const tooMany = n > OFFLINE_LIMITS.batchSessions;
  return (
    <AppModal title={T.BATCH_TITLE} open onCancel={onClose} onOk={submit} okButtonProps={{ loading: create.isPending, disabled: tooMany }} width={820} destroyOnHidden>
      <Alert type="info" showIcon title={T.BATCH_HINT} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" name="offline-batch" initialValues={{ weekdays: [6], signup_open_days: 7, signup_close_min: 60 }} autoComplete="off">
        <Flex gap={12} wrap>
          <Form.Item name="title" label={T.F_TITLE} rules={[{ required: true, whitespace: true, message: '请填写场次名称' }]} style={{ width: 260 }}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="speaker" label={T.F_SPEAKER} style={{ width: 160 }}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="capacity" label={T.F_CAPACITY} rules={[{ required: true, message: '请填写座位数' }]} style={{ width: 120 }}>
            <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item name="weekdays" label={T.F_WEEKDAYS} rules={[{ required: true, type: 'array', min: 1, message: '请选择星期' }]}>
          <Checkbox.Group options={WEEKDAY_OPTIONS} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="from_date" label="开始日期" rules={[{ required: true, message: '请选择开始日期' }]}>
            <DatePicker />
          </Form.Item>
          <Form.Item name="to_date" label="结束日期" rules={[{ required: true, message: '请选择结束日期' }]}>
            <DatePicker />
          </Form.Item>
          <Form.Item name="start_time" label="开始时刻" rules={[{ required: true, message: '请选择开始时刻' }]}>
            <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} />
          </Form.Item>
          <Form.Item name="end_time" label="结束时刻" rules={[{ required: true, message: '请选择结束时刻' }]}>
            <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} />
          </Form.Item>
        </Flex>
        <Form.Item name="skip_dates" label={T.F_SKIP} extra={T.F_SKIP_HINT}>
          <DatePicker multiple maxTagCount="responsive" style={{ width: '100%' }} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="venue_id" label={T.F_VENUE} style={{ width: 240 }}>
            <Select allowClear loading={venues.isPending} options={(venues.data?.items ?? []).map((x) => ({ value: x.id, label: x.name }))} />
          </Form.Item>
          <Form.Item name="address" label={T.F_ADDRESS} style={{ width: 240 }}>
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item name="signup_open_days" label={T.F_OPEN_DAYS} extra={T.F_OPEN_DAYS_HINT}>
            <InputNumber min={0} max={365} precision={0} />
          </Form.Item>
          <Form.Item name="signup_close_min" label={T.F_CLOSE_MIN}>
            <InputNumber min={0} max={7 * 24 * 60} precision={0} />
          </Form.Item>
        </Flex>
      </Form>
      {preview && (
        <div data-testid="batch-preview">
          <Alert
            type={n === 0 || tooMany ? 'warning' : 'success'}
            showIcon
            title={n === 0 ? T.BATCH_NONE : tooMany ? T.BATCH_TOO_MANY(OFFLINE_LIMITS.batchSessions) : T.BATCH_PREVIEW(n)}
            style={{ marginBottom: 8 }}
          />
          {n > 0 && (
            <Table<PlannedSession>
              size="small"
              rowKey="start_at"
              pagination={{ pageSize: 8, showSizeChanger: false }}
              dataSource={preview.sessions.slice(0, OFFLINE_LIMITS.batchSessions)}
              columns={[
                { key: 'date', title: T.COL_DATE, render: (_, s) => dateWithWeekday(s.start_at) },
                { key: 'time', title: T.COL_TIME, render: (_, s) => `${chinaDateTime(s.start_at).slice(11, 16)}–${chinaDateTime(s.end_at).slice(11, 16)}` },
                { key: 'signup', title: T.COL_SIGNUP, render: (_, s) => `${s.signup_start_at ? formatSeconds(s.signup_start_at) : T.FROM_PUBLISH} ~ ${formatSeconds(s.signup_end_at)}` },
                { key: 'capacity', title: T.F_CAPACITY, dataIndex: 'capacity' },
                {
                  key: 'skip',
                  title: '',
                  render: (_, s) => (
                    <Button size="small" type="link" onClick={() => form.setFieldValue('skip_dates', [...(values?.skip_dates ?? []), dayjs(chinaDateTime(s.start_at).slice(0, 10))])}>
                      {T.SKIP}
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </div>
      )}
    </AppModal>
  );
}
