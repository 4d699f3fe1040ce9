import { Suspense, lazy, type ComponentType } from 'react';
import { surveyCountFigures } from '@huodong/domain/figures';
import FiguresPage from '../../figures/FiguresPage';
import type { FiguresContext } from '../../figures/FiguresPage';

// The per-question cards and the cross-tab (question types, the whole domain) load after the page.
const Questions = lazy(() => import('./SurveyCountParts').then((m) => ({ default: m.Questions })));
const CrossCard = lazy(() => import('./SurveyCountParts').then((m) => ({ default: m.CrossCard })));

const slot = (Part: ComponentType<{ context: FiguresContext }>) => (context: FiguresContext) => (
  <Suspense fallback={null}>
    <Part context={context} />
  </Suspense>
);

/**
 * 问卷统计 (`adminCount/adminActCount/actCountSurvey?actID=`, design §6): the declaration
 * (`surveyCountFigures`: cards, responses per day, filters by unit and submission date, 答卷 and
 * the responses spreadsheet) with this page's own parts: per question its option counts and
 * percentages (2 decimals, spec §9) with a bar chart (labels cut by §9's rule), rating mean and
 * distribution, NPS, matrix cells, mean ranks and the written answers one click away; a cross-tab
 * of two choice questions.
 */
export default function SurveyCountPage() {
  return <FiguresPage def={surveyCountFigures} slots={{ bottom: (context) => (<>{slot(Questions)(context)}{slot(CrossCard)(context)}</>) }} />;
}
