/** Hand bytes or text to the browser as a download named `filename` (nothing leaves the browser). */
export function saveFile(content: Uint8Array | string | Blob, filename: string, type: string): void {
  const blob = content instanceof Blob ? content : new Blob([content as BlobPart], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv;charset=utf-8';

/**
 * The file name a `Content-Disposition` header gives: `filename*=UTF-8''…` (RFC 5987, how the
 * server names Chinese files) before the plain `filename="…"`; undefined when it names none.
 */
export function filenameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const m = /^([\w-]*)'[^']*'(.*)$/.exec(extended.replace(/^"|"$/g, ''));
    if (m) {
      try {
        const name = decodeURIComponent(m[2]);
        if (name) return name;
      } catch {
        // a malformed escape: fall back to the plain name
      }
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]*)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || undefined;
}
