import { OfflineActivitiesPage } from './OfflineActivitiesPage';

/** 系列线下活动 (`adminAct/adminOfflines`): the series, each opening its sessions (场次). */
export default function OfflinesPage() {
  return <OfflineActivitiesPage resource="offlines" />;
}
