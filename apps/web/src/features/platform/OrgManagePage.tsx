import { Suspense, lazy, useMemo } from 'react';
import Input from 'antd/es/input/Input';
import type { OrgTreeNode } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { ResourceDialogButton, ResourcePage, findDeclaration, resourceQueryKey, type CustomInput } from '../../resources';
import { ORG_ROW_ACTIONS } from './orgRowActions';
import { lastOfPath, treePath, withoutSubtree } from './orgTree';
import { ORG_TYPES } from './texts';

const ORGANIZATIONS = findDeclaration('organizations');
const ORGANIZATION_TYPES = findDeclaration('organizationTypes');
const TREE_PATH = `${ORGANIZATIONS.path}/list`;
// antd Cascader loads with the edit dialog, where the input is shown.
const Cascader = lazy(() => import('antd/es/cascader'));

/** The cascader as Form.Item's child: it forwards what the item injects (value, onChange, id). */
function ParentCascader({ options, loading, placeholder, ...injected }: { options: OrgTreeNode[]; loading: boolean; placeholder: string } & Record<string, unknown>) {
  return (
    <Suspense fallback={<Input disabled placeholder={placeholder} />}>
      <Cascader options={options} loading={loading} placeholder={placeholder} changeOnSelect allowClear showSearch {...injected} />
    </Suspense>
  );
}

/** 上级机构 as a cascader over the organisation tree; the form keeps the single parent_id. */
function useParentInput(): CustomInput {
  const tree = useApiQuery<OrgTreeNode[]>([...resourceQueryKey(ORGANIZATIONS), 'tree'], TREE_PATH);
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  return {
    render: ({ row }) => (
      <ParentCascader options={withoutSubtree(nodes, row?.id)} loading={tree.isPending} placeholder="请选择上级机构" />
    ),
    itemProps: {
      getValueProps: (v: unknown) => ({ value: treePath(nodes, v) }),
      normalize: (path: unknown) => lastOfPath(path),
    },
  };
}

/** /super/orgManage: organisations (spec §2, §7 /v1/organizations). */
export default function OrgManagePage() {
  const parent = useParentInput();
  return (
    <ResourcePage
      def={ORGANIZATIONS}
      inputs={{ parent_id: parent }}
      rowActions={ORG_ROW_ACTIONS}
      toolbar={({ controls }) => (controls.create ? <ResourceDialogButton def={ORGANIZATION_TYPES} label={ORG_TYPES} /> : null)}
    />
  );
}
