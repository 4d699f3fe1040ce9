import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { READER_TEXTS, readerClient } from '../shared/readerClient';
import type { SubjectApiError } from '../shared/subjectClient';

/** The signed-in reader's organisation and the way out (a 401 anywhere signs the reader out). */
export interface ReaderSession {
  org: string;
  signOut: () => void;
}
export const ReaderSessionContext = createContext<ReaderSession | null>(null);
export function useReaderSession(): ReaderSession {
  const s = useContext(ReaderSessionContext);
  if (!s) throw new Error('useReaderSession outside H5Shell');
  return s;
}

/**
 * One reader read (`/v1/{org}/client{path}`): its data, the server's message when refused (shown as
 * it is, in Chinese), `reload`. A 401 signs the reader out (the token is gone already).
 */
export function useReaderRead<T>(path: string) {
  const { org, signOut } = useReaderSession();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setError('');
    readerClient.call<T>(org, 'GET', path).then(
      (d) => live && setData(d),
      (e: SubjectApiError) => {
        if (!live) return;
        if (e.status === 401) return signOut();
        setError(e.status ? e.message : READER_TEXTS.networkRetry);
      },
    );
    return () => {
      live = false;
    };
  }, [org, path, round, signOut]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, error, reload };
}

/** A page of a reader list (`{items, _meta}`). */
interface ListPage<T> {
  items: T[];
  _meta: { currentPage: number; pageCount: number };
}

/**
 * A reader list read page by page (`?page=`, 20 a page): the items so far and `more` to read the
 * next page while there is one (a phone list grows downwards rather than paging); `reload` starts again.
 */
export function useReaderList<T>(path: string) {
  const [page, setPage] = useState(1);
  const sep = path.includes('?') ? '&' : '?';
  const read = useReaderRead<ListPage<T>>(`${path}${sep}page_size=20&page=${page}`);
  const [items, setItems] = useState<T[]>([]);
  useEffect(() => {
    if (read.data) setItems((got) => (read.data!._meta.currentPage === 1 ? read.data!.items : [...got, ...read.data!.items]));
  }, [read.data]);
  const hasMore = !!read.data && read.data._meta.currentPage < read.data._meta.pageCount;
  const more = useCallback(() => setPage((p) => p + 1), []);
  /** Read again from the first page (after a write changed the list). */
  const { reload: again } = read;
  const reload = useCallback(() => {
    setPage(1);
    again();
  }, [again]);
  return { items: read.data ? items : null, error: read.error, hasMore, more, reload };
}
