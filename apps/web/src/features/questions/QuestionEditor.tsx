import { useEffect, useRef } from 'react';
import { Button, Checkbox, Flex, Form, Input, Radio, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { blankCount, OPTION_COUNT, OPTION_KEYS, TRUE_FALSE, type QuestionOption } from '@huodong/domain';
import type { ResourceField } from '@huodong/domain';
import FileInput from '../../resources/FileInput';
import type { FormInputContext } from '../../resources/ResourceFormModal';
import { confirm } from '../../resources/useResourceActions';
import * as T from './texts';

/**
 * The question form's own inputs (loaded with the create/edit dialog): the options editor A–H,
 * the correct answer(s) by type, the fill-in blanks with their synonyms, the stem's images and the
 * tags. They follow the form's 题型: changing it clears what the new type does not take.
 */

const IMAGE_FIELD: ResourceField = { name: 'image', label: T.OPTION_IMAGE, kind: 'image', upload: 'question' };
const STEM_IMAGE_FIELD: ResourceField = { name: 'stem_images', label: T.STEM_IMAGES, kind: 'image', upload: 'question' };

const isChoice = (type: unknown) => type === 1 || type === 2;
const emptyOptions = (n: number): QuestionOption[] => OPTION_KEYS.slice(0, n).map((key) => ({ key, text: '' }));

/** The form's 题型, and whether it changed in this render (not when the dialog opens). */
function useType(ctx: FormInputContext): { type: unknown; changed: boolean } {
  const type = Form.useWatch('type', ctx.form.form);
  const last = useRef(type);
  const changed = last.current !== undefined && last.current !== type;
  useEffect(() => {
    last.current = type;
  }, [type]);
  return { type, changed };
}

interface ValueProps<V> {
  value?: V;
  onChange?: (v: V) => void;
  id?: string;
}

/** 选项: A… in order, each with its text and an optional picture; 2–8 for single, 3–8 for multiple. */
export function OptionsInput({ ctx, value, onChange, id }: ValueProps<QuestionOption[]> & { ctx: FormInputContext }) {
  const { type } = useType(ctx);
  const options = value ?? [];
  useEffect(() => {
    // The type is unknown until the form has its values: nothing to adjust yet.
    if (type === undefined) return;
    if (!isChoice(type)) {
      if (options.length) onChange?.([]);
    } else if (options.length < OPTION_COUNT[type as 1 | 2].min) {
      onChange?.([...options, ...emptyOptions(4).slice(options.length)]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [type]);
  if (!isChoice(type)) return <Typography.Text type="secondary">—</Typography.Text>;
  const max = OPTION_COUNT[type as 1 | 2].max;
  const set = (list: QuestionOption[]) => onChange?.(list.map((o, i) => ({ ...o, key: OPTION_KEYS[i] })));
  const patch = (i: number, p: Partial<QuestionOption>) => set(options.map((o, k) => (k === i ? { ...o, ...p } : o)));
  return (
    <Flex vertical gap={8} id={id} data-testid="options-editor">
      {options.map((o, i) => (
        <Flex key={i} gap={8} align="start">
          <span style={{ width: 20, lineHeight: '32px', fontWeight: 600 }}>{OPTION_KEYS[i]}</span>
          <Flex vertical gap={4} style={{ flex: 1 }}>
            <Input aria-label={`${T.OPTION_TEXT}${OPTION_KEYS[i]}`} value={o.text} maxLength={500} onChange={(e) => patch(i, { text: e.target.value })} />
            <FileInput field={{ ...IMAGE_FIELD, label: `${T.OPTION_IMAGE}${OPTION_KEYS[i]}` }} org={ctx.org} value={o.image ?? ''} onChange={(url) => patch(i, { image: url || undefined })} />
          </Flex>
          <Button
            aria-label={`${T.REMOVE_OPTION}${OPTION_KEYS[i]}`}
            icon={<DeleteOutlined />}
            disabled={options.length <= OPTION_COUNT[type as 1 | 2].min}
            onClick={() => confirm(T.removeOptionConfirm(OPTION_KEYS[i]), async () => set(options.filter((_, k) => k !== i)), true)}
          />
        </Flex>
      ))}
      <Button icon={<PlusOutlined />} disabled={options.length >= max} onClick={() => set([...options, { key: OPTION_KEYS[options.length], text: '' }])} style={{ alignSelf: 'start' }}>
        {T.ADD_OPTION}
      </Button>
    </Flex>
  );
}

/** A stored fill-in answer (JSON text) or the blanks as edited. */
function blanksOf(value: unknown): string[][] {
  if (Array.isArray(value)) return value as string[][];
  if (typeof value === 'string' && value.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed as string[][];
    } catch {
      // not blanks
    }
  }
  return [];
}

/**
 * 答案 by type: one option (single), several (multiple, sent as `A,C`), 正确/错误 (true/false),
 * each blank of the stem with its accepted answers (fill-in), or the reference text (short answer).
 */
export function AnswerInput({ ctx, value, onChange, id }: ValueProps<unknown> & { ctx: FormInputContext }) {
  const { type, changed } = useType(ctx);
  const options = (Form.useWatch('options', ctx.form.form) as QuestionOption[] | undefined) ?? [];
  const stem = (Form.useWatch('stem', ctx.form.form) as string | undefined) ?? '';
  useEffect(() => {
    if (changed) onChange?.(type === 4 ? [] : '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [type]);
  const keys = options.map((o) => o.key);
  if (type === 1) {
    return (
      <Radio.Group id={id} value={typeof value === 'string' ? value : undefined} onChange={(e) => onChange?.(e.target.value)} options={keys.map((k) => ({ value: k, label: k }))} />
    );
  }
  if (type === 2) {
    const chosen = typeof value === 'string' ? value.split(',').filter(Boolean) : [];
    return <Checkbox.Group data-id={id} value={chosen} onChange={(v) => onChange?.([...(v as string[])].sort().join(','))} options={keys.map((k) => ({ value: k, label: k }))} />;
  }
  if (type === 3) {
    return <Radio.Group id={id} value={value} onChange={(e) => onChange?.(e.target.value)} options={Object.entries(TRUE_FALSE).map(([v, label]) => ({ value: v, label }))} />;
  }
  if (type === 4) {
    const count = Math.max(blankCount(stem), 1);
    const groups = blanksOf(value);
    const set = (i: number, list: string[]) => onChange?.(Array.from({ length: count }, (_, k) => (k === i ? list : (groups[k] ?? []))));
    return (
      <Flex vertical gap={8} id={id} data-testid="blanks-editor">
        <Typography.Text type="secondary">{T.ADD_BLANK_HINT}</Typography.Text>
        {Array.from({ length: count }, (_, i) => (
          <Flex key={i} gap={8} align="center">
            <span style={{ width: 48 }}>{T.blankLabel(i)}</span>
            <Select
              mode="tags"
              aria-label={T.blankLabel(i)}
              data-testid={`blank-${i}`}
              style={{ flex: 1 }}
              placeholder={T.SYNONYMS_HINT}
              value={groups[i] ?? []}
              open={false}
              tokenSeparators={[';', '；']}
              onChange={(v: string[]) => set(i, v.map((s) => s.trim()).filter(Boolean))}
            />
          </Flex>
        ))}
      </Flex>
    );
  }
  return <Input.TextArea id={id} rows={3} aria-label={T.REFERENCE} placeholder={T.REFERENCE} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange?.(e.target.value)} />;
}

/** 题干图片: up to 9 pictures, each uploaded through `upload/question`. */
export function StemImagesInput({ ctx, value, onChange, id }: ValueProps<string[]> & { ctx: FormInputContext }) {
  const images = (value ?? []).filter(Boolean);
  return (
    <Flex vertical gap={8} id={id}>
      {images.map((url, i) => (
        <FileInput key={`${i}:${url}`} field={STEM_IMAGE_FIELD} org={ctx.org} value={url} onChange={(next) => onChange?.(next ? images.map((u, k) => (k === i ? next : u)) : images.filter((_, k) => k !== i))} />
      ))}
      {images.length < 9 && <FileInput key={`new:${images.length}`} field={STEM_IMAGE_FIELD} org={ctx.org} value="" onChange={(url) => url && onChange?.([...images, url])} />}
    </Flex>
  );
}

/** 标签: free words, Enter to add. */
export function TagsInput({ value, onChange, id }: ValueProps<string[]>) {
  return <Select id={id} mode="tags" open={false} placeholder={T.TAGS_HINT} value={value ?? []} onChange={(v: string[]) => onChange?.(v)} tokenSeparators={[',', '，']} />;
}
