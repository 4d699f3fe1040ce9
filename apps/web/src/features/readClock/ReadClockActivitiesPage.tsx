import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { ResourcePage } from '../../resources/ResourcePage';
import { findDeclaration } from '../../resources/listModel';
import type { CustomInput } from '../../resources/ResourceFormModal';
import { useScope } from '../../shared/session';

// The editor loads with the form.
const Milestones = lazy(() => import('./MilestonesInput').then((m) => ({ default: m.MilestonesInput })));

/** Form.Item hands value and onChange to its child: this wrapper passes them on to the lazy editor. */
function LazyMilestones(props: Record<string, unknown>) {
  return (
    <Suspense fallback={<Spin size="small" />}>
      <Milestones {...props} />
    </Suspense>
  );
}
const INPUTS: Record<string, CustomInput> = { 'config.milestones': { render: () => <LazyMilestones /> } };
const MARK = findDeclaration('mark');

/** 阅读打卡 (`adminAct/adminReadClock`, resource `mark`): the declared list and form, the streak milestones edited as rows. */
export default function ReadClockActivitiesPage() {
  const { scope: org } = useScope();
  return <ResourcePage def={MARK} org={org} inputs={INPUTS} />;
}
