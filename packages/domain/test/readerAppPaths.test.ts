import { describe, expect, it } from 'vitest';
import { READER_APP_PATHS } from '../src/routes';

describe('READER_APP_PATHS', () => {
  it("holds exactly the reader's QR pages (readerApp routes), the one list the server's redirect and 扫一扫 share", () => {
    // spec §2's pages a reader opens from a QR code: the training check-in, the scan code, the two case pages
    expect([...READER_APP_PATHS].sort()).toEqual(['readPromotion/adminPdfDetail', 'readPromotion/pdfDetail', 'scan', 'trainSign']);
    expect(READER_APP_PATHS.has('login')).toBe(false);
  });
});
