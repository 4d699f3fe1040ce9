import { useMemo } from 'react';
import QRCode from 'qrcode';

/**
 * A QR code drawn as one SVG path (the `qrcode` library the server's PDFs use too), with a quiet
 * zone of two modules; `size` in CSS pixels. Loaded only by the pages that show one.
 */
export default function QrCode({ value, size = 240, title }: { value: string; size?: number; title?: string }) {
  const { n, d } = useMemo(() => {
    const qr = QRCode.create(value, { errorCorrectionLevel: 'M' });
    const count = qr.modules.size;
    let path = '';
    for (let row = 0; row < count; row++) for (let col = 0; col < count; col++) if (qr.modules.get(row, col)) path += `M${col + 2} ${row + 2}h1v1h-1z`;
    return { n: count + 4, d: path };
  }, [value]);
  return (
    <svg width={size} height={size} viewBox={`0 0 ${n} ${n}`} role="img" aria-label={title ?? value} data-qr={value} shapeRendering="crispEdges" style={{ background: '#fff', display: 'block' }}>
      <path d={d} fill="#000" />
    </svg>
  );
}
