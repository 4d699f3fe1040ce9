import { useEffect, useState } from 'react';
import type { CaseDetail, CaseSource } from '@huodong/domain';
import { NO_CASE } from './texts';

/** The envelope's data of a login-free reading-case call (`/v1/{org}/readingCase/…`), or its message. */
export async function publicCall<D>(url: string, body?: unknown): Promise<D> {
  const res = await fetch(url, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
  const env = (await res.json().catch(() => null)) as { code: number; message: string; data: D } | null;
  if (!res.ok || env?.code !== 200) throw new Error(env?.message ?? NO_CASE);
  return env.data;
}

type Counts = { views: number; download: number };

/**
 * An enabled case of the organisation (`source` org) or of the platform, read without sign-in; its
 * view counted once read, `download` counts a download (both once a day per address, on the server).
 */
export function usePublicCase(org: string, id: number | null | undefined, source: CaseSource) {
  const [item, setItem] = useState<CaseDetail | null>(null);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [error, setError] = useState('');
  const count = (type: 'view' | 'download') => publicCall<Counts>(`/v1/${org}/readingCase/add/count`, { id, type, source }).then(setCounts, () => undefined);
  useEffect(() => {
    if (!id) return setError(NO_CASE);
    publicCall<CaseDetail>(`/v1/${org}/readingCase/detail/${id}?source=${source}`).then(
      (c) => {
        setItem(c);
        void count('view');
      },
      (e: Error) => setError(e.message),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [org, id, source]);
  return { item, counts: counts ?? item, error, download: () => void count('download') };
}
