import { useNavigate } from 'react-router';
import { Button, Flex, theme } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { routeOfResource } from '@huodong/domain';
import { useApiQuery } from '../shared/api';
import { scopeLink } from '../shared/scope';
import { useScope } from '../shared/session';
import type { Declaration } from './declarations';
import { parentDeclarationOf, rowName, type Row } from './listModel';
import { resourceListPath, resourceQueryKey } from './resourcePaths';
import { BACK, parentLabel } from './texts';

/**
 * Above a sub-resource's list: a way back to the parent's page and the parent's title
 * (`GET {parent}/{id}`, its name field), e.g. `← 返回知识竞赛  知识竞赛：读书月竞赛`.
 */
export function ParentBar({ def, org, parentId }: { def: Pick<Declaration, 'parent'>; org?: string; parentId?: number }) {
  const navigate = useNavigate();
  const { scope } = useScope();
  const { token } = theme.useToken();
  const parent = parentDeclarationOf(def);
  const route = parent ? routeOfResource(parent.name) : undefined;
  const base = parent ? resourceListPath(parent, org) : null;
  const row = useApiQuery<Row>(parent ? [...resourceQueryKey(parent), 'one', parentId] : ['none'], base && parentId !== undefined ? `${base}/${parentId}` : null);
  const back = () => (route ? navigate(scopeLink(scope, route.path)) : navigate(-1));
  return (
    <Flex gap={12} align="center" wrap>
      <Button icon={<ArrowLeftOutlined />} onClick={back}>
        {route ? `${BACK}${route.title}` : BACK}
      </Button>
      {parent && row.data && (
        // A plain heading styled as antd's Title level 5, without Typography's module.
        <h5
          data-testid="parent-title"
          style={{ margin: 0, fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}
        >
          {parentLabel(parent.title, rowName(parent, row.data))}
        </h5>
      )}
    </Flex>
  );
}
