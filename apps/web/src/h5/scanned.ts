import { READER_APP_PATHS } from '@huodong/domain/routes';

/**
 * What 扫一扫 does with a QR's text (issue 27): a link of this site and organisation to one of the
 * reader's pages opens that page in the app — a scan code (`/{org}/scan?code=&sign=`) earns its
 * points, a session's sign-in (`/{org}/trainSign?actId&sessionId&type`) checks in, a page of the
 * app (`/{org}/h5/…`, an activity) opens; anything else is only shown (never followed off-site).
 */
export type Scanned = { to: string } | { text: string };

export function readScanned(text: string, org: string, origin: string): Scanned {
  const shown = { text };
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return shown;
  }
  if (url.origin !== origin) return shown;
  const [first, ...rest] = url.pathname.split('/').filter(Boolean);
  if (first !== org || rest.length === 0) return shown;
  const path = rest.join('/');
  if (READER_APP_PATHS.has(path) || rest[0] === 'h5') return { to: `/${org}/h5/${rest[0] === 'h5' ? rest.slice(1).join('/') : path}${url.search}`.replace(/\/(\?|$)/, '$1') };
  return shown;
}
