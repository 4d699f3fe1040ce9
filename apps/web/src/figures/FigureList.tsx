import { ResourcePage } from '../resources/ResourcePage';
import { findDeclaration } from '../resources/listModel';

/** A declaration's `list`: the machinery's page of a declared resource with the activity as its parent (loaded with the declarations only when shown). */
export default function FigureList({ resource, org, act }: { resource: string; org: string; act: number }) {
  return <ResourcePage key={`${resource}-${act}`} def={findDeclaration(resource)} org={org} parentId={act} />;
}
