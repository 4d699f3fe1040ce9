import { describe, expect, it } from 'vitest';
import { readScanned } from '../src/h5/scanned';

/** What 扫一扫 does with a QR's text (h5/scanned.ts): a page of the app opens, anything else is only shown. */
describe('readScanned', () => {
  const here = 'https://lib.example.cn';
  const read = (text: string) => readScanned(text, 'nanlib', here);

  it('a scan code and a session sign-in of this organisation open the app’s pages with their query', () => {
    expect(read(`${here}/nanlib/scan?code=AB12&sign=ff00`)).toEqual({ to: '/nanlib/h5/scan?code=AB12&sign=ff00' });
    expect(read(`${here}/nanlib/trainSign?actId=3&sessionId=9&type=2&code=X`)).toEqual({ to: '/nanlib/h5/trainSign?actId=3&sessionId=9&type=2&code=X' });
  });

  it('a page of the app (an activity) opens in the app', () => {
    expect(read(`${here}/nanlib/h5/activities/12`)).toEqual({ to: '/nanlib/h5/activities/12' });
    expect(read(`${here}/nanlib/h5`)).toEqual({ to: '/nanlib/h5' });
    expect(read(`${here}/nanlib/h5/?from=poster`)).toEqual({ to: '/nanlib/h5?from=poster' });
  });

  it('another site, another organisation, another page or plain text is shown, never followed', () => {
    for (const text of [
      'https://evil.example.com/nanlib/scan?code=AB12&sign=ff00',
      `${here}/beilib/scan?code=AB12&sign=ff00`,
      `${here}/nanlib/adminAct/adminOri`,
      `${here}/nanlib`,
      'javascript:alert(1)',
      '借书证号 12345',
    ])
      expect(read(text), text).toEqual({ text });
  });
});
