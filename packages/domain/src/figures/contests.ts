import { defineFigures } from './define.js';

/**
 * 知识竞赛下载 (`actCountContestDownload?actID=`): the ranking, the objective questions' figures
 * and the short answers as spreadsheets, and the zip of answers.
 */
export const contestDownloadFigures = defineFigures({
  name: 'contestDownload',
  path: 'adminCount/adminActCount/actCountContestDownload',
  heading: '知识竞赛下载',
  testId: 'contest-download',
  needActivity: '请从知识竞赛列表进入',
  backTo: { path: 'adminCount/adminActCount/actCountContest', text: '返回知识竞赛统计' },
  downloads: [
    { key: 'rank', title: '成绩排名', hint: '每位读者的名次、成绩、用时和交卷时间（活动结束后为冻结的排名）。', path: '/v1/{org}/export/rank' },
    { key: 'objective', title: '客观题统计', hint: '每道题的作答人次、正确率、难度、区分度和选项分布。', path: '/v1/{org}/export/objective' },
    { key: 'subjective', title: '主观题答案', hint: '简答题的全部答案、得分和批改状态。', path: '/v1/{org}/export/subjective' },
    { key: 'answers', title: '答案压缩包', hint: '每份简答题答案一个文本文件（类型、标题、内容），按“标题+序号”命名。', path: '/v1/{org}/export/answers', filename: 'answers.zip' },
  ],
});
