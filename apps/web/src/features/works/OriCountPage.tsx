import { WorkCountPage } from './WorkCountPage';

/** 原创作品统计 (`adminCount/adminActCount/actCountOri?actID=`): the figures of a type-1 activity. */
export default function OriCountPage() {
  return <WorkCountPage type={1} />;
}
