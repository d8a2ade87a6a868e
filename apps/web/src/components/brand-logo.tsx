import { useState, type CSSProperties } from 'react';
import { DEFAULT_LOGO_URL } from '../lib/branding';

interface BrandLogoProps {
  /** The organization's logo; null or a broken image falls back to the product's default logo. */
  src: string | null | undefined;
  alt: string;
  style?: CSSProperties;
}

export function BrandLogo({ src, alt, style }: BrandLogoProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && src !== failed ? src : DEFAULT_LOGO_URL;
  return (
    <img
      src={usable}
      alt={alt}
      style={{ display: 'block', objectFit: 'contain', maxWidth: '100%', ...style }}
      onError={() => setFailed(usable === DEFAULT_LOGO_URL ? null : usable)}
    />
  );
}
