import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** A link as a QR code, drawn in the browser (nothing leaves the page). */
export function QrCode({ url, label }: { url: string; label: string }) {
  const src = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(url);
    qr.make();
    return qr.createDataURL(6, 2);
  }, [url]);
  return <img src={src} alt={label} width={176} height={176} />;
}
