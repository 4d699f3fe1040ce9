import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { scopeLink } from '../../shared/scope';
import { ResourcePage } from '../../resources/ResourcePage';
import { findDeclaration } from '../../resources/listModel';
import { SURVEY_PAPER_PAGE } from './surveyApi';
import * as T from './texts';

/** The submitted responses (the declared list, read only); each opens its paper. Loaded with the tab. */
export default function ResponsesTab({ org, act }: { org: string; act: number }) {
  const navigate = useNavigate();
  return (
    <ResourcePage
      def={findDeclaration('surveyResponses')}
      org={org}
      parentId={act}
      rowActions={[
        ({ row }) => (
          <Button size="small" type="link" onClick={() => navigate(scopeLink(org, `${SURVEY_PAPER_PAGE}?actID=${act}&paperID=${row.id}`))}>
            {T.VIEW}
          </Button>
        ),
      ]}
    />
  );
}
