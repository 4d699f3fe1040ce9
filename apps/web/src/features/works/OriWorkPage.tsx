import { WorksPage } from './WorksPage';

/** 原创作品 (`adminAct/adminOriWork?actID=`): the works of a type-1 activity. */
export default function OriWorkPage() {
  return <WorksPage type={1} />;
}
