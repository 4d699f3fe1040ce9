import { useScope } from '../../shared/session';
import { BankPage } from './BankPage';

/** 机构题库 (`adminQuestion/adminQuestionManage`): the organisation's own bank. */
export default function AdminQuestionManagePage() {
  const { scope } = useScope();
  return <BankPage resource="bankQuestions" org={scope} comparePath={`/v1/${scope}/contest/compare`} importPath={`/v1/${scope}/question/batchCreate`} categoriesPath={`/v1/${scope}/category`} />;
}
