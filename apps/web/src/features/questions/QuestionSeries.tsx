import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { useApiQuery } from '../../shared/api';

/**
 * The series drawn with the figures pieces, loaded as the page registry loads them (app/pages.tsx:
 * the figures page and the declarations, each its own chunk) rather than folded into this
 * component's chunk, which three pages share.
 */
const SeriesBody = lazy(() =>
  Promise.all([import('../../figures/FiguresPage'), import('@huodong/domain/figures')]).then(([{ FiguresBody }, figures]) => ({
    default: function SeriesBody({ org, data }: { org: string | null; data: unknown }) {
      const def = org === null ? figures.platformQuestionSeriesFigures : figures.orgQuestionSeriesFigures;
      return (
        <div data-testid={def.testId}>
          <FiguresBody def={def} data={data} org={org ?? ''} act={0} />
        </div>
      );
    },
  })),
);

/**
 * The questions series (questions added, answers, correct rate by month and question type; the
 * platform's also by organisation) over GET /v1/count/question/months (`org` null) or
 * /v1/{org}/count/question/months.
 */
export function QuestionSeries({ org }: { org: string | null }) {
  const path = org === null ? '/v1/count/question/months' : `/v1/${encodeURIComponent(org)}/count/question/months`;
  const series = useApiQuery<unknown>(['questionSeries', org], path);
  return series.data ? (
    <Suspense fallback={<Spin />}>
      <SeriesBody org={org} data={series.data} />
    </Suspense>
  ) : (
    <Spin />
  );
}
