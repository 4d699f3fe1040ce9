/**
 * Reading a QR code in the browser: the browser's own `BarcodeDetector` where it has one for QR
 * codes (Android Chrome, Safari 17+), else the small JS decoder `jsqr`, loaded only when first
 * needed (never part of a first load). A source is a playing video (the camera) or a picture.
 */
export type QrSource = HTMLVideoElement | ImageBitmap | HTMLImageElement;
export interface QrDecoder {
  /** The text of a QR code seen in the source now, or null. */
  read(source: QrSource): Promise<string | null>;
  /** Which decoder reads: the browser's or the JS one. */
  by: 'browser' | 'jsqr';
}

/** BarcodeDetector is not in the DOM typings yet. */
type Detector = { detect(source: QrSource): Promise<{ rawValue: string }[]> };
type DetectorClass = { new (o: { formats: string[] }): Detector; getSupportedFormats?: () => Promise<string[]> };

async function browserDecoder(): Promise<QrDecoder | null> {
  const ctor = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!ctor) return null;
  try {
    if (ctor.getSupportedFormats && !(await ctor.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new ctor({ formats: ['qr_code'] });
    return { by: 'browser', read: async (source) => (await detector.detect(source))[0]?.rawValue || null };
  } catch {
    return null;
  }
}

const sizeOf = (s: QrSource) => (s instanceof HTMLVideoElement ? [s.videoWidth, s.videoHeight] : s instanceof HTMLImageElement ? [s.naturalWidth, s.naturalHeight] : [s.width, s.height]);
/** Pictures are scaled down to this longer side before decoding (a phone photo is 4000 px; a QR needs far less). */
const MAX_SIDE = 1024;

async function jsDecoder(): Promise<QrDecoder> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  return {
    by: 'jsqr',
    read: async (source) => {
      const [w, h] = sizeOf(source);
      if (!w || !h) return null;
      const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
      canvas.width = Math.round(w * scale);
      canvas.height = Math.round(h * scale);
      ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
      const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
      // a camera frame: dark on light only (fast, read again 4 times a second); a picture: both ways
      const found = jsQR(image.data, image.width, image.height, { inversionAttempts: source instanceof HTMLVideoElement ? 'dontInvert' : 'attemptBoth' });
      return found?.data || null;
    },
  };
}

let decoder: Promise<QrDecoder> | undefined;
/** The decoder of this browser (made once). */
export function qrDecoder(): Promise<QrDecoder> {
  return (decoder ??= browserDecoder().then((d) => d ?? jsDecoder()));
}

/** The QR code's text in a picture file (从相册选择), or null when none is found. */
export async function readQrFile(file: Blob): Promise<string | null> {
  const [d, bitmap] = await Promise.all([qrDecoder(), createImageBitmap(file)]);
  try {
    return await d.read(bitmap);
  } finally {
    bitmap.close();
  }
}
