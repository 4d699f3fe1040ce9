import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { READER_TEXTS } from '../shared/readerClient';

/**
 * A reader's QR page (`readerApp` routes: trainSign, scan) reached inside the back office: its
 * page is the reader app's of the same path, `/{org}/h5/{path}` with the query (a separate build,
 * so a full load). The server redirects the address itself (http/static.ts); this covers a
 * navigation that stays in the back office's router.
 */
export default function ReaderAppPage() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const [, org, ...path] = pathname.split('/');
    window.location.replace(`/${org}/h5/${path.join('/')}${search}`);
  }, [pathname, search]);
  return <p style={{ padding: 24 }}>{READER_TEXTS.loading}</p>;
}
