import { useSearchParams } from 'react-router';
import { WorkDownloadPage } from './WorkDownloadPage';

/**
 * 节目下载 (`adminCount/adminActCount/actCountOriProgramload?actID=&type=`): the performances (audio
 * and video works) of a works activity, a mixed one (9) unless `type=1` says otherwise.
 */
export default function ProgramDownloadPage() {
  const [params] = useSearchParams();
  return <WorkDownloadPage type={params.get('type') === '1' ? 1 : 9} programs />;
}
