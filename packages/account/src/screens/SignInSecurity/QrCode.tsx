import { useMemo } from 'react';
import { encode } from 'uqr';
import * as styles from './SignInSecurity.css';

export interface QrCodeProps {
  value: string;
  /** The text alternative: what the picture is and where its content is in words (the key below it). */
  label: string;
}

/**
 * A QR code as inline SVG, one path of dark modules: no image request, so it works under the site's CSP and
 * stays sharp at any zoom. The quiet zone (four modules) is part of the picture, as scanners expect.
 */
export function QrCode({ value, label }: QrCodeProps) {
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 4 });
    const modules = qr.data.flatMap((row, y) =>
      row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : [])),
    );
    return { size: qr.size, path: modules.join('') };
  }, [value]);
  return (
    <svg
      className={styles.qr}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
