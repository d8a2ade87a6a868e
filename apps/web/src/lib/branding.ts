import defaultLogoUrl from '../assets/default-logo.svg';

// What the console shows when the organization has no logo or tagline of its own (spec 01 §1).
export const DEFAULT_LOGO_URL: string = defaultLogoUrl;
export const DEFAULT_TAGLINE = 'Remote monitoring for solar street lights';
export const PRODUCT_NAME = 'RMS Console';
