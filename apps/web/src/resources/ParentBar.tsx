import { useNavigate } from 'react-router';
import { Button, Flex, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { RESOURCES, routeOfResource, type ResourceDef } from '@huodong/domain';
import { useApiQuery } from '../shared/api';
import { scopeLink } from '../shared/scope';
import { useScope } from '../shared/session';
import { rowName, type Row } from './listModel';
import { resourceListPath, resourceQueryKey } from './resourcePaths';
import { BACK, parentLabel } from './texts';

/** The parent declaration of a sub-resource. */
export const parentDefOf = (def: Pick<ResourceDef, 'parent'>): ResourceDef | undefined => RESOURCES.find((r) => r.name === def.parent?.resource);

/**
 * Above a sub-resource's list: a way back to the parent's page and the parent's title
 * (`GET {parent}/{id}`, its name field), e.g. `← 返回知识竞赛  知识竞赛：读书月竞赛`.
 */
export function ParentBar({ def, org, parentId }: { def: ResourceDef; org?: string; parentId?: number }) {
  const navigate = useNavigate();
  const { scope } = useScope();
  const parent = parentDefOf(def);
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
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="parent-title">
          {parentLabel(parent.title, rowName(parent, row.data))}
        </Typography.Title>
      )}
    </Flex>
  );
}
