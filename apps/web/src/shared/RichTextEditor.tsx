import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Button, Flex, Input } from 'antd';
import { RICH_TEXT_TOOLS, RICH_LINK, RICH_LINK_ADDRESS, RICH_LINK_OK, escapeHtml, isRichLink } from './richText';

const box: CSSProperties = { minHeight: 200, maxHeight: 420, overflowY: 'auto', padding: '6px 11px', border: '1px solid #d9d9d9', borderRadius: 6, lineHeight: 1.7, outline: 'none' };

/**
 * A small rich-text editor (the 活动回顾 summary, issue 23): an editable area with a toolbar —
 * bold, italic, underline, heading, paragraph, bulleted and numbered lists, a link — through the
 * browser's own editing commands, so it adds no library to the page. `value` is HTML; the server
 * keeps what it stores to an allow-list (apps/server/src/http/richText.ts), and a `value` that
 * differs from what the area holds (the saved, sanitised summary) replaces its content.
 * Load it lazily: it belongs to dialogs, never to a page's first load.
 */
export function RichTextEditor({ value, onChange, label, placeholder }: { value: string; onChange: (html: string) => void; label: string; placeholder?: string }) {
  const area = useRef<HTMLDivElement>(null);
  const saved = useRef<Range | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [empty, setEmpty] = useState(!value);

  useEffect(() => {
    const el = area.current;
    if (el && el.innerHTML !== value) el.innerHTML = value;
    setEmpty(!value);
  }, [value]);

  const changed = () => {
    const el = area.current;
    if (!el) return;
    setEmpty(!el.textContent?.trim() && !el.querySelector('img'));
    onChange(el.innerHTML);
  };
  const run = (command: string, arg?: string) => {
    area.current?.focus();
    document.execCommand('defaultParagraphSeparator', false, 'p');
    document.execCommand(command, false, arg);
    changed();
  };
  /** The selection inside the area, kept while the link's address is typed. */
  const keepSelection = () => {
    const sel = window.getSelection();
    saved.current = sel && sel.rangeCount && area.current?.contains(sel.anchorNode) ? sel.getRangeAt(0).cloneRange() : null;
  };
  const addLink = () => {
    const url = (link ?? '').trim();
    if (!isRichLink(url)) return;
    area.current?.focus();
    const sel = window.getSelection();
    if (saved.current && sel) {
      sel.removeAllRanges();
      sel.addRange(saved.current);
    }
    // Text selected: it becomes the link; else the address itself is put in as the link's text.
    if (sel && !sel.isCollapsed) run('createLink', url);
    else run('insertHTML', `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`);
    setLink(null);
  };

  return (
    <Flex vertical gap={6}>
      <Flex gap={4} wrap role="toolbar" aria-label={`${label}格式`}>
        {RICH_TEXT_TOOLS.map((tool) => (
          <Button
            key={tool.label}
            size="small"
            aria-label={tool.label}
            title={tool.label}
            style={tool.style}
            // Keep the selection in the area: the command applies to it.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => run(tool.command, tool.arg)}
          >
            {tool.text}
          </Button>
        ))}
        <Button
          size="small"
          aria-label={RICH_LINK}
          title={RICH_LINK}
          onMouseDown={(e) => {
            e.preventDefault();
            keepSelection();
          }}
          onClick={() => setLink((v) => (v === null ? 'https://' : null))}
        >
          {RICH_LINK}
        </Button>
      </Flex>
      {link !== null && (
        <Flex gap={6}>
          <Input
            size="small"
            aria-label={RICH_LINK_ADDRESS}
            value={link}
            status={link && !isRichLink(link.trim()) ? 'error' : undefined}
            onChange={(e) => setLink(e.target.value)}
            onPressEnter={addLink}
            style={{ maxWidth: 360 }}
          />
          <Button size="small" type="primary" disabled={!isRichLink(link.trim())} onClick={addLink}>
            {RICH_LINK_OK}
          </Button>
        </Flex>
      )}
      <div style={{ position: 'relative' }}>
        {empty && placeholder && <div style={{ position: 'absolute', top: 7, left: 12, color: '#8c8c8c', pointerEvents: 'none' }}>{placeholder}</div>}
        <div
          ref={area}
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          contentEditable
          suppressContentEditableWarning
          className="rich-text"
          style={box}
          onInput={changed}
          onBlur={changed}
        />
      </div>
    </Flex>
  );
}
