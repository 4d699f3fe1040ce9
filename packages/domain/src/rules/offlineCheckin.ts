import { z } from 'zod';
import { idText } from '../resources/fields.js';

/**
 * The bodies of a check-in (issue 23): the reader's trainSign call, the staff's redeem of a ticket
 * and an administrator's check-in by hand. The trainSign page and the staff screen send them.
 */

/** A scan's own id: the same nonce is the same scan (a retry answers the first result). */
export const checkinNonceSchema = z
  .string({ error: '请提供扫码编号' })
  .regex(/^[A-Za-z0-9_:.-]{8,64}$/, '扫码编号为8-64位字母、数字或_:.-');

const MAX_ID = 2_147_483_647;
/** An id in a JSON body (a number) or a query (digits). */
const idNumber = (label: string) => z.coerce.number({ error: `${label}必须是正整数` }).int(`${label}必须是正整数`).min(1, `${label}必须是正整数`).max(MAX_ID, `${label}超出范围`);
const checkinType = z.union([z.literal(1), z.literal(2)], { error: '签到类型只能是1（签到）或2（签退）' });

/** `POST /v1/{org}/client/sign` (trainSign): 1 sign in, 2 sign out; `code` when the session's code rotates; the position when it is geofenced. */
export const readerSignSchema = z.object({
  actId: idNumber('活动ID'),
  sessionId: idNumber('场次ID'),
  type: checkinType,
  code: z.string({ error: '签到码不正确' }).max(16, '签到码不正确').optional(),
  lng: z.number({ error: '经度必须是数字' }).min(-180, '经度不正确').max(180, '经度不正确').optional(),
  lat: z.number({ error: '纬度必须是数字' }).min(-90, '纬度不正确').max(90, '纬度不正确').optional(),
  nonce: checkinNonceSchema,
});
export type ReaderSign = z.infer<typeof readerSignSchema>;

/** `GET /v1/{org}/client/sign/session?actId=&sessionId=`. */
export const signSessionQuery = z.object({ actId: idText('活动ID'), sessionId: idText('场次ID'), type: z.enum(['1', '2'], { error: '签到类型只能是1（签到）或2（签退）' }).optional(), reflesh: z.unknown().optional() });

/**
 * `POST /v1/{org}/checkin/redeem` (staff, pretix's redeem): the ticket's secret, the session being
 * checked, entry or exit; `force` with `datetime` records a scan made offline at its time, outside
 * the window.
 */
export const redeemSchema = z.object({
  secret: z.string({ error: '请扫描或输入票码' }).trim().min(1, '请扫描或输入票码').max(64, '票码无效'),
  session_id: idNumber('场次ID'),
  type: z.enum(['entry', 'exit'], { error: '类型只能是entry（签到）或exit（签退）' }).optional().default('entry'),
  nonce: checkinNonceSchema,
  force: z.boolean({ error: '强制签到必须是true或false' }).optional(),
  /** The moment of an offline scan (seconds), with `force`. */
  datetime: z.number({ error: '扫码时间必须是数字' }).int('扫码时间不正确').min(946684800, '扫码时间不正确').max(4102444800, '扫码时间不正确').optional(),
});
export type Redeem = z.infer<typeof redeemSchema>;

/** `POST /v1/{org}/train/reserve/{id}/checkin` (an administrator, by hand). */
export const manualCheckinSchema = z.object({ type: checkinType.optional().default(1) });

/** `GET /v1/{org}/train/session/{sid}/signcode?type=`. */
export const signCodeQuery = z.object({ type: z.enum(['1', '2'], { error: '签到类型只能是1（签到）或2（签退）' }).optional().default('1'), reflesh: z.unknown().optional() });
