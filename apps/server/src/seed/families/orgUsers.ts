import type { SeedClient, SeedStep } from '../step.js';

/**
 * Demo users and students, written through the spreadsheet import routes (the same path a file
 * uploaded in the browser takes). The import updates by 学号, so a re-run creates nothing twice.
 */

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高'];
const GIVEN = ['子涵', '欣怡', '浩然', '梓萱', '宇轩', '诗琪', '俊杰', '雨桐', '博文', '思远', '佳怡', '明哲', '一诺', '晨曦', '志强', '秀英', '建华', '丽娟', '文博', '嘉怡', '天佑'];
/** A name for the i-th person: surnames and given names walk at different strides, so names rarely repeat. */
const personName = (i: number) => SURNAMES[(i * 7) % SURNAMES.length] + GIVEN[(i * 11) % GIVEN.length];

interface UserPlan {
  org: string;
  count: number;
  prefix: string;
  departments: string[];
  /** Identity categories (1..14, see IDENTITY_CATEGORIES) cycled over the rows. */
  identities: number[];
}

const USER_PLANS: UserPlan[] = [
  { org: 'njulib', count: 120, prefix: '2021', departments: ['文学院', '历史学院', '物理学院', '计算机科学与技术系', '商学院', '外国语学院'], identities: [6, 6, 6, 5, 5, 2] },
  { org: 'szlib', count: 60, prefix: 'SZ', departments: ['成人读者', '少儿读者', '视障读者'], identities: [12, 12, 11, 13, 9] },
  { org: 'hdlib', count: 40, prefix: 'HD', departments: ['成人读者', '少儿读者'], identities: [12, 11, 9, 13] },
];

const STUDENT_PLANS = [{ org: 'gzsyxx', count: 90, school: '广州市实验小学' }];

async function importRows(client: SeedClient, path: string, rows: Record<string, unknown>[]): Promise<number> {
  const result = await client.post<{ created: number }>(path, { data: JSON.stringify(rows.map((r, i) => ({ ...r, _row: i + 2 }))) });
  return result.created;
}

export const orgUserSteps: SeedStep[] = [
  {
    name: 'orgUsers',
    async run(client) {
      let created = 0;
      for (const plan of USER_PLANS) {
        const rows = Array.from({ length: plan.count }, (_, i) => ({
          academic_num: `${plan.prefix}${String(i + 1).padStart(5, '0')}`,
          real_name: personName(i + plan.prefix.length),
          sex: 1 + (i % 2),
          department: plan.departments[i % plan.departments.length],
          identity: plan.identities[i % plan.identities.length],
        }));
        created += await importRows(client, `/v1/${plan.org}/users/import`, rows);
      }
      return created;
    },
  },
  {
    name: 'students',
    async run(client) {
      let created = 0;
      for (const plan of STUDENT_PLANS) {
        const rows = Array.from({ length: plan.count }, (_, i) => {
          const grade = 1 + (i % 6);
          return {
            name: personName(i + 3),
            account: `G${2025 - grade}${String(i + 1).padStart(4, '0')}`,
            sex: i % 2 === 0 ? '男' : '女',
            grade,
            class: 1 + (Math.floor(i / 6) % 4),
            enrollment_date: String(2025 - grade),
            school_name: plan.school,
          };
        });
        created += await importRows(client, `/v1/${plan.org}/students/import`, rows);
      }
      return created;
    },
  },
];
