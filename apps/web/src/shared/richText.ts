import type { CSSProperties } from 'react';

/**
 * The rich-text editor's toolbar (shared/RichTextEditor.tsx): each button's accessible name, what
 * it shows and the browser editing command it runs. Headings and paragraphs are blocks the server
 * keeps (h2–h4, p: apps/server/src/http/richText.ts).
 */
export interface RichTextTool {
  label: string;
  text: string;
  command: string;
  arg?: string;
  style?: CSSProperties;
}
export const RICH_TEXT_TOOLS: readonly RichTextTool[] = [
  { label: '加粗', text: 'B', command: 'bold', style: { fontWeight: 700 } },
  { label: '斜体', text: 'I', command: 'italic', style: { fontStyle: 'italic' } },
  { label: '下划线', text: 'U', command: 'underline', style: { textDecoration: 'underline' } },
  { label: '标题', text: '标题', command: 'formatBlock', arg: 'h3' },
  { label: '正文', text: '正文', command: 'formatBlock', arg: 'p' },
  { label: '项目列表', text: '• 列表', command: 'insertUnorderedList' },
  { label: '编号列表', text: '1. 列表', command: 'insertOrderedList' },
  { label: '清除格式', text: '清除格式', command: 'removeFormat' },
];
export const RICH_LINK = '链接';
export const RICH_LINK_ADDRESS = '链接地址';
export const RICH_LINK_OK = '插入链接';

/** An address a link may have: http(s) or mailto (what the server keeps). */
export const isRichLink = (url: string): boolean => /^(https?:\/\/|mailto:)[^\s<>"]+$/i.test(url);

export const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
