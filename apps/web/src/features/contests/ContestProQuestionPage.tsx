import { useNavigate, useSearchParams } from 'react-router';
import { Select } from 'antd';
import { useApiQuery } from '../../shared/api';
import { useScope } from '../../shared/session';
import { scopeLink } from '../../shared/scope';
import { idFromQuery } from '../../resources/listModel';
import { ContestFrame } from './ContestFrame';
import { ContestQuestionsPanel } from './ContestQuestionsPanel';
import { LazyPaperPanel as PaperPanel } from './LazyPaperPanel';
import * as T from './texts';

/**
 * 进阶竞赛题目 (`adminAct/adminContestProQuestion?actID=&level=`): one level's paper (mode, rules,
 * shortfall — leaving while short asks 题目数不足) and the contest's questions, new ones going
 * into the chosen level.
 */
export default function ContestProQuestionPage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const act = idFromQuery(params.get('actID'));
  const level = idFromQuery(params.get('level'));
  const levels = useApiQuery<{ items: { id: number; name: string; sort: number }[] }>(['resource', 'contestLevels', 'picker', act], act !== undefined ? `/v1/${org}/contestpro/${act}/pass` : null, { sort: 'sort', page_size: 50 });
  const pick = (
    <Select
      style={{ width: 200 }}
      placeholder={T.LEVEL_REQUIRED}
      value={level}
      aria-label={T.LEVEL}
      options={(levels.data?.items ?? []).map((l) => ({ value: l.id, label: `${l.sort}. ${l.name}` }))}
      onChange={(v) => navigate(scopeLink(org, `adminAct/adminContestProQuestion?actID=${act}&level=${v}`))}
    />
  );
  return (
    <ContestFrame org={org} type={6} act={act} title={T.QUESTIONS_TITLE} testId="contest-pro-question" back={{ label: `${T.BACK}${T.LEVELS_TITLE}`, path: `adminAct/adminContestProWork?actID=${act ?? ''}` }} extra={pick}>
      {(c) => (
        <>
          {level !== undefined && <PaperPanel key={level} org={org} type={6} act={c.id} level={level} />}
          <ContestQuestionsPanel org={org} type={6} act={c.id} level={level} />
        </>
      )}
    </ContestFrame>
  );
}
