import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { ResourcePage, findDeclaration, type CustomInput } from '../../resources';
import { useScope } from '../../shared/session';

const ACTS = findDeclaration('expertActs');
// The rubric editor loads with the form, not with the list.
const RubricInput = lazy(() => import('./RubricInput').then((m) => ({ default: m.RubricInput })));
/** Form.Item hands value and onChange to its child: this wrapper passes them on to the lazy editor. */
function LazyRubric(props: Record<string, unknown>) {
  return (
    <Suspense fallback={<Spin size="small" />}>
      <RubricInput {...props} />
    </Suspense>
  );
}
const rubric: CustomInput = { render: () => <LazyRubric /> };

/**
 * 评审活动 (`review/adminExpertAct`, `/v1/{org}/expert/act`): the judging of an original-works
 * activity — rubric, experts per work, assignment, blind review, window; a row opens its works,
 * assignments and results (`worksManage?id=`).
 */
export default function AdminExpertActPage() {
  const { scope } = useScope();
  return <ResourcePage def={ACTS} org={scope} inputs={{ rubric }} />;
}
