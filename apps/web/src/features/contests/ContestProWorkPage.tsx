import { useNavigate, useSearchParams } from 'react-router';
import { Button } from 'antd';
import { useScope } from '../../shared/session';
import { scopeLink } from '../../shared/scope';
import { ResourcePage } from '../../resources/ResourcePage';
import { findDeclaration, idFromQuery } from '../../resources/listModel';
import { ContestFrame } from './ContestFrame';
import { LazyPaperPanel as PaperPanel } from './LazyPaperPanel';
import * as T from './texts';

/**
 * 进阶竞赛关卡 (`adminAct/adminContestProWork?actID=`): the levels of an advanced contest in their
 * order (drag to reorder: passsort), each with its settings and a link to its questions; above
 * them the shortfall of every level (publishing needs each level's paper).
 */
export default function ContestProWorkPage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const act = idFromQuery(params.get('actID'));
  return (
    <ContestFrame org={org} type={6} act={act} title={T.LEVELS_TITLE} testId="contest-pro-work">
      {(c) => (
        <>
          <PaperPanel org={org} type={6} act={c.id} />
          <ResourcePage
            def={findDeclaration('contestLevels')}
            org={org}
            parentId={c.id}
            rowActions={[
              ({ row }) => (
                <Button size="small" type="link" onClick={() => navigate(scopeLink(org, `adminAct/adminContestProQuestion?actID=${c.id}&level=${row.id}`))}>
                  {T.LEVEL_QUESTIONS}
                </Button>
              ),
            ]}
          />
        </>
      )}
    </ContestFrame>
  );
}
