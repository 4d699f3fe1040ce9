import sanitizeHtml from 'sanitize-html';
import { validationError } from './errors.js';
import { FILES_ROUTE_PREFIX } from '../storage/files.js';

/**
 * Rich text an administrator writes (the 活动回顾 summary, issue 23): HTML kept to an allow-list,
 * and the sanitised HTML is what is stored, so pages show it as it is. Kept: paragraphs and line
 * breaks, bold/italic/underline/strike, headings h2–h4, lists, quotes, links (http, https, mailto;
 * opened with `rel="noopener noreferrer"`) and images (our uploads `/v1/files/…` or https). Every
 * other tag is unwrapped to its text, and script/style/iframe with their content dropped; no
 * attribute is kept but those (no `on*`, no `style`, no `javascript:` address).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'div', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'img'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener noreferrer', target: '_blank' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !okImage(frame.attribs.src ?? ''),
};

/** An image of our uploads (a path under /v1/files/) or an https address. */
const okImage = (src: string): boolean => (src.startsWith(FILES_ROUTE_PREFIX) && !src.includes('..')) || /^https:\/\/[^\s]+$/i.test(src);

/** The HTML as kept: the allow-list applied. */
export const sanitizedHtml = (html: string): string => sanitizeHtml(html, OPTIONS).trim();

/** Whether the HTML shows anything (text, or an image). */
const showsSomething = (html: string): boolean => /<img\b/i.test(html) || sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== '';

/**
 * The field's rich text sanitised, or 422 naming the field: empty once sanitised (请填写…), or longer
 * than `max` characters as stored (…不能超过N个字符).
 */
export function richText(html: string, field: string, label: string, max: number): string {
  const clean = sanitizedHtml(html);
  if (!showsSomething(clean)) throw validationError([{ field, message: `请填写${label}` }]);
  if (clean.length > max) throw validationError([{ field, message: `${label}不能超过${max}个字符` }]);
  return clean;
}
