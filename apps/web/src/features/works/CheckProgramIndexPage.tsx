import CheckWorkIndexPage from './CheckWorkIndexPage';

/** 节目审核详情 (`adminCheck/adminCheckAct/adminCheckProgramIndex?actID=`): a mixed activity's performances (audio and video works) in review. */
export default function CheckProgramIndexPage() {
  return <CheckWorkIndexPage defaultKind="program" />;
}
