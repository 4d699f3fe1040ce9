import { useSearchParams } from 'react-router';
import { useScope } from '../../shared/session';
import { idFromQuery } from '../../resources/listModel';
import { ContestFrame } from './ContestFrame';
import { ContestQuestionsPanel } from './ContestQuestionsPanel';
import { LazyPaperPanel as PaperPanel } from './LazyPaperPanel';
import * as T from './texts';

/**
 * 竞赛题目 (`adminAct/adminContestWork?actID=`): a single-round contest's paper (mode, rules,
 * shortfall — leaving while short asks 题目数不足) and its questions.
 */
export default function ContestWorkPage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const act = idFromQuery(params.get('actID'));
  return (
    <ContestFrame org={org} type={3} act={act} title={T.QUESTIONS_TITLE} testId="contest-work">
      {(c) => (
        <>
          <PaperPanel org={org} type={3} act={c.id} />
          <ContestQuestionsPanel org={org} type={3} act={c.id} />
        </>
      )}
    </ContestFrame>
  );
}
