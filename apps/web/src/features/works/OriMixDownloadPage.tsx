import { WorkDownloadPage } from './WorkDownloadPage';

/** 多类型原创下载 (`adminCount/adminActCount/actCountOriMixDownload?actID=`): a type-9 activity's downloads. */
export default function OriMixDownloadPage() {
  return <WorkDownloadPage type={9} />;
}
