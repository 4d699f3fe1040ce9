import { useSearchParams } from 'react-router';
import { Empty } from 'antd';
import { routeOfResource } from '@huodong/domain';
import { useScope } from '../shared/session';
import { DECLARATIONS } from './declarations.data';
import { idFromQuery, parentDeclarationOf } from './listModel';
import { ParentBar } from './ParentBar';
import { ResourcePage, type RowActionRender } from './ResourcePage';
import { UNKNOWN_PAGE, needParent } from './texts';

/**
 * The page of a route that names a declared resource (`RouteDef.resource`): no web file of its
 * own. Loaded lazily by the router. It reads the declarations without their schemas
 * (declarations.ts): zod loads with the create/edit dialogs.
 * An organisation resource lists the URL's organisation; a sub-resource reads its parent's id from
 * the query the declaration names (spec §2 `?actID=`), shows the parent's title and a way back.
 * A feature's page of the same route may add its own row actions (`rowActions`).
 */
export default function DeclaredPage({ resource, rowActions }: { resource: string; rowActions?: readonly RowActionRender[] }) {
  const { scope, isSuper } = useScope();
  const [params] = useSearchParams();
  const def = DECLARATIONS.find((r) => r.name === resource);
  if (!def) return <Empty description={UNKNOWN_PAGE} />;
  const org = def.scope === 'org' && !isSuper ? scope : undefined;
  if (!def.parent) return <ResourcePage def={def} org={org} rowActions={rowActions} />;
  const parentId = idFromQuery(params.get(def.parent.query));
  const parent = parentDeclarationOf(def);
  if (parentId === undefined) {
    const title = routeOfResource(def.parent.resource)?.title ?? parent?.title ?? '';
    return <ResourcePage def={def} org={org} needOrg={needParent(title)} header={<ParentBar def={def} org={org} />} />;
  }
  return <ResourcePage key={parentId} def={def} org={org} parentId={parentId} header={<ParentBar def={def} org={org} parentId={parentId} />} rowActions={rowActions} />;
}
