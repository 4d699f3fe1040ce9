import { BankPage } from './BankPage';

/** 公共题库 (`questionManage/publicQuestion`): the platform's bank with its categories. */
export default function PublicQuestionPage() {
  return <BankPage resource="publicQuestions" comparePath="/v1/public/compare" importPath="/v1/public/batchCreate" categoriesPath="/v1/question/category" />;
}
