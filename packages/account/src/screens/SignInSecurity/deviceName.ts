/** What a browser tells of itself: User-Agent Client Hints where it has them, else its user agent string. */
export interface DeviceHints {
  readonly userAgent: string;
  readonly userAgentData?: {
    readonly brands?: ReadonlyArray<{ readonly brand: string }>;
    readonly platform?: string;
  };
}

/** Client Hints brands, most specific first: a Chromium browser lists "Chromium" and a grease brand too. */
const brands: ReadonlyArray<[brand: string, name: string]> = [
  ['Microsoft Edge', 'Edge'],
  ['Opera', 'Opera'],
  ['Samsung Internet', 'Samsung Internet'],
  ['Google Chrome', 'Chrome'],
  ['HeadlessChrome', 'Chrome'],
  ['Chromium', 'Chromium'],
];

/** User agent tokens, in the order that tells them apart (Edge and Opera also say Chrome; Chrome says Safari). */
const agents: ReadonlyArray<[pattern: RegExp, name: string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|HeadlessChrome|CriOS)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const systems: ReadonlyArray<[pattern: RegExp, name: string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPad\b/, 'iPadOS'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bLinux\b/, 'Linux'],
];

/** Client Hints platforms as people name them. */
const platforms: Readonly<Record<string, string>> = { 'Chrome OS': 'ChromeOS', macOS: 'macOS' };

/**
 * The browser and the operating system of this device ("Chrome" and "Android"), for the name a new passkey
 * is given by default (the applicant can change it). Either is undefined when it cannot be told.
 */
export function describeDevice(hints: DeviceHints): { browser?: string; os?: string } {
  const hinted = hints.userAgentData?.brands?.map(({ brand }) => brand) ?? [];
  const browser =
    brands.find(([brand]) => hinted.includes(brand))?.[1] ??
    agents.find(([pattern]) => pattern.test(hints.userAgent))?.[1];
  const platform = hints.userAgentData?.platform;
  const os = platform
    ? (platforms[platform] ?? platform)
    : systems.find(([pattern]) => pattern.test(hints.userAgent))?.[1];
  return { browser, os: os || undefined };
}
