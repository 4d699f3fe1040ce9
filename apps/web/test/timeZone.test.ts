import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatSeconds, TIME_ZONE } from '@huodong/domain';
import dayjs, { dayEnd, dayStart, pickedSeconds, pickerValue } from '../src/shared/dayjs';

/**
 * One time zone everywhere (issue 20): a date picker shows and takes the organisation's wall
 * clock (Asia/Shanghai) whatever the browser's zone, as the lists and exports show it.
 */
const ORIGINAL_TZ = process.env.TZ;
afterAll(() => {
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

/** Shanghai wall clock → Unix seconds (UTC+8). */
const cst = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => Date.UTC(y, mo - 1, d, h - 8, mi, s) / 1000;

describe.each(['UTC', 'America/New_York', 'Asia/Shanghai'])('dates in the organisation’s zone with the browser on %s', (zone) => {
  const inZone = <T>(run: () => T): T => {
    process.env.TZ = zone; // Node reads TZ again when it is set
    return run();
  };

  it('the zone is Asia/Shanghai', () => {
    expect(TIME_ZONE).toBe('Asia/Shanghai');
    inZone(() => expect(new Date(0).getTimezoneOffset()).toBe({ UTC: 0, 'America/New_York': 300, 'Asia/Shanghai': -480 }[zone]));
  });

  it('a moment near midnight UTC is shown on its Shanghai day, as the list shows it', () =>
    inZone(() => {
      const late = Date.UTC(2024, 0, 1, 23, 30) / 1000; // 23:30 UTC on the 1st is 07:30 on the 2nd in Shanghai
      expect(pickerValue(late)!.format('YYYY-MM-DD HH:mm')).toBe('2024-01-02 07:30');
      expect(formatSeconds(late)).toBe('2024-01-02 07:30');
      const summer = cst(2024, 7, 1, 9); // New York keeps daylight saving then; Shanghai does not
      expect(pickerValue(summer)!.format('YYYY-MM-DD HH:mm')).toBe('2024-07-01 09:00');
      expect(pickedSeconds(pickerValue(summer)!)).toBe(summer);
      expect([pickerValue(null), pickerValue(0), pickerValue('')]).toEqual([null, null, null]);
    }));

  it('09:00 picked or typed is 09:00 in Shanghai, and edits to a shown value stay in Shanghai', () =>
    inZone(() => {
      // text typed into a picker is parsed in the browser's zone: its wall clock is what counts
      expect(pickedSeconds(dayjs('2024-03-10 09:00:00'))).toBe(cst(2024, 3, 10, 9));
      // what the picker's panel does to a shown value: set the day, then the hour
      const shown = pickerValue(cst(2024, 1, 2, 7, 30))!;
      expect(pickedSeconds(shown.date(15).hour(9).minute(0))).toBe(cst(2024, 1, 15, 9));
      expect(pickedSeconds(shown.month(6).date(1).hour(9).minute(0))).toBe(cst(2024, 7, 1, 9));
      // "now" of the pickers (antd takes it from dayjs().tz()) is Shanghai's wall clock
      expect(Math.abs(pickedSeconds(dayjs().tz()) - Date.now() / 1000)).toBeLessThan(2);
    }));

  it('a day filter covers the whole Shanghai day', () =>
    inZone(() => {
      const day = pickerValue(Date.UTC(2024, 0, 1, 23, 30) / 1000)!; // the 2nd in Shanghai
      expect(dayStart(day)).toBe(cst(2024, 1, 2));
      expect(dayEnd(day)).toBe(cst(2024, 1, 3) - 1);
      expect(dayStart(dayjs('2024-01-02'))).toBe(cst(2024, 1, 2));
      expect(pickerValue(dayEnd(day))!.format('YYYY-MM-DD')).toBe('2024-01-02');
    }));
});

describe('the web reads and writes dates only through shared/dayjs.ts', () => {
  const SRC = path.resolve(import.meta.dirname, '../src');
  const files = (fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => f.split(path.sep).join('/'));
  const source = (f: string) => fs.readFileSync(path.join(SRC, f), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const PICKERS = [
    'resources/DateTimeInput.tsx',
    'resources/DateRangeInput.tsx',
    // Calendar dates and clock times of a weekly pattern (read by .format, never as moments): the server places them in China time.
    'features/offline/BatchSessionsDialog.tsx',
  ];

  it('no browser-zone date calls, no dayjs outside the zone module, antd date pickers only in the two zoned inputs', () => {
    const found: string[] = [];
    for (const f of files) {
      const code = source(f);
      if (/new Date\(|\.toLocale(Date|Time)?String\(|\.get(Hours|Minutes|Date|Day|Month|FullYear|TimezoneOffset)\(|Intl\.DateTimeFormat/.test(code)) found.push(`${f}: browser-zone date call`);
      if (f !== 'shared/dayjs.ts' && /from ['"]dayjs|import\(['"]dayjs|require\(['"]dayjs/.test(code)) found.push(`${f}: dayjs imported`);
      if (!PICKERS.includes(f) && /\bDatePicker\b|\bTimePicker\b|\bCalendar\b.*from ['"]antd/.test(code)) found.push(`${f}: antd date picker`);
    }
    expect(found).toEqual([]);
  });
});
