import { useSearchParams } from 'react-router';
import { originalMixProgramDownloadFigures, originalProgramDownloadFigures } from '@huodong/domain/figures';
import FiguresPage from '../../figures/FiguresPage';

/**
 * 节目下载 (`adminCount/adminActCount/actCountOriProgramload?actID=&type=`): the performances (audio
 * and video works) of a works activity, a mixed one (9) unless `type=1` says otherwise — the figures
 * declaration of that type.
 */
export default function ProgramDownloadPage() {
  const [params] = useSearchParams();
  return <FiguresPage def={params.get('type') === '1' ? originalProgramDownloadFigures : originalMixProgramDownloadFigures} />;
}
