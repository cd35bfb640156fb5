/**
 * A session's `User-Agent` as people say it: "Firefox on Linux", "Chrome on macOS". Only the
 * common browsers and systems are told apart, by the tokens they put in the header; anything
 * else shows the raw header, cut short. Written by hand: the app ships no user-agent parser, and
 * telling a handful of names apart needs none.
 */

/** The longest raw `User-Agent` shown when it is none of the known browsers. */
const RAW_LENGTH = 60;

/** Browsers by a token of their header, most specific first (Edge and Opera also say "Chrome"). */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems by a token of the header, most specific first (Android also says "Linux"). */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Browser on System" for `userAgent`, the raw header cut short otherwise, "Unknown device" when empty. */
export function userAgentSummary(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser !== undefined) return system === undefined ? browser : `${browser} on ${system}`;
  const raw = userAgent.trim();
  if (raw === '') return 'Unknown device';
  return raw.length > RAW_LENGTH ? `${raw.slice(0, RAW_LENGTH)}…` : raw;
}
