import { WorksPage } from './WorksPage';

/** 多类型原创作品 (`adminAct/adminOriMixWork?actID=`): the works of a type-9 activity. */
export default function OriMixWorkPage() {
  return <WorksPage type={9} />;
}
