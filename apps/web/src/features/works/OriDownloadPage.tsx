import { WorkDownloadPage } from './WorkDownloadPage';

/** 原创作品下载 (`adminCount/adminActCount/actCountOriDownload?actID=`): a type-1 activity's downloads. */
export default function OriDownloadPage() {
  return <WorkDownloadPage type={1} />;
}
