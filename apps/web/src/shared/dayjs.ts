import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// dayjs in Chinese (antd's date pickers read its global locale). Set here, where dates are used,
// rather than in main.tsx: the login page needs no dates (first-load budget, e2e/budgets.test.ts).
dayjs.locale('zh-cn');

export default dayjs;
export type { Dayjs } from 'dayjs';
