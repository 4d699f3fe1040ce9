import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd-mobile';
import type { CaseDetail } from '@huodong/domain';
import { publicCall } from '../../../features/cases/publicCall';
import { useReaderSession } from '../../reader';
import { H5Page } from '../../H5Page';
import { H5_TEXTS } from '../../texts';
import { CASES_TEXTS as T } from './texts';
import './cases.css';

interface Page {
  items: CaseDetail[];
  _meta: { currentPage: number; pageCount: number };
}

/** The organisation's enabled reading cases (`GET /v1/{org}/readingCase/list`, recommended first), 20 at a time. */
export function CasesPage() {
  const { org } = useReaderSession();
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<CaseDetail[] | null>(null);
  const [meta, setMeta] = useState<Page['_meta'] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    publicCall<Page>(`/v1/${org}/readingCase/list?page_size=20&page=${page}`).then(
      (d) => {
        setItems((got) => (d._meta.currentPage === 1 ? d.items : [...(got ?? []), ...d.items]));
        setMeta(d._meta);
      },
      (e: Error) => setError(e.message),
    );
  }, [org, page]);
  return (
    <H5Page title={T.cases} testId="h5-cases" error={error} loading={!items}>
      {items && (
        <section className="h5-panel">
          {items.length === 0 && <p className="h5-muted">{T.noCases}</p>}
          <ul className="h5-case-list">
            {items.map((c) => (
              <li key={c.id}>
                <Link className="h5-link" to={`/${org}/h5/cases/${c.id}`}>
                  <span>{c.title}</span>
                  <small className="h5-muted">
                    {c.is_rec === 1 ? `${T.recommended} · ` : ''}
                    {c.origination || c.org_name} · {T.views(c.views)}
                  </small>
                </Link>
              </li>
            ))}
          </ul>
          {meta && meta.currentPage < meta.pageCount && (
            <Button block onClick={() => setPage((p) => p + 1)}>
              {H5_TEXTS.more}
            </Button>
          )}
        </section>
      )}
    </H5Page>
  );
}
