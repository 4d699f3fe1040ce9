import { Suspense, lazy } from 'react';
import type { SurveyPaper } from '@huodong/domain';
import { surveyPaperFigures } from '@huodong/domain/figures';
import FiguresPage from '../../figures/FiguresPage';

// The answered items (question types, the whole domain) load after the page.
const PaperItems = lazy(() => import('./PaperItems'));

/**
 * 问卷答卷 (`adminCount/adminActCount/actCountSurveyPaper?actID=&paperID=`): the declaration
 * (`surveyPaperFigures`: the response's record) with this page's own part, the answered questions
 * by their types.
 */
export default function PaperPage() {
  return <FiguresPage def={surveyPaperFigures} slots={{ bottom: (c) => <Suspense fallback={null}><PaperItems paper={c.data as SurveyPaper} /></Suspense> }} />;
}
