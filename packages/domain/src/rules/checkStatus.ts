/** The platform's approval of an activity before it is published (`check_status`). */
export const CHECK_STATUS = { 0: '无需审核', 1: '待审核', 2: '已通过', 3: '未通过' } as const;
export const CHECK_WAITING = 1;
export const CHECK_APPROVED = 2;
export const CHECK_REJECTED = 3;

