import { WorkCountPage } from './WorkCountPage';

/** 多类型原创统计 (`adminCount/adminActCount/actCountOriMix?actID=`): the figures of a type-9 activity. */
export default function OriMixCountPage() {
  return <WorkCountPage type={9} />;
}
