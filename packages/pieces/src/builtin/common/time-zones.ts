import type { DropdownOption } from '../../framework/properties';

/** Whether `timeZone` is an IANA time zone this runtime knows (`UTC` included). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Throws unless `timeZone` is a known IANA time zone; returns it. */
export function assertTimeZone(timeZone: string, key = 'timezone'): string {
  if (!isTimeZone(timeZone)) throw new Error(`Input "${key}" is not a known time zone: ${timeZone}`);
  return timeZone;
}

/**
 * Current IANA names that this runtime's ICU may list only under an older alias (e.g.
 * `Asia/Kolkata` for `Asia/Calcutta`); Activepieces offers the current names.
 */
const CURRENT_NAMES = [
  'Africa/Asmara',
  'America/Argentina/Buenos_Aires',
  'America/Argentina/Catamarca',
  'America/Argentina/Cordoba',
  'America/Argentina/Jujuy',
  'America/Argentina/Mendoza',
  'America/Atikokan',
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
  'America/Nuuk',
  'Asia/Choibalsan',
  'Asia/Ho_Chi_Minh',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Asia/Yangon',
  'Atlantic/Faroe',
  'Europe/Kyiv',
  'Pacific/Chuuk',
  'Pacific/Kanton',
  'Pacific/Pohnpei',
];

let timeZoneOptions: DropdownOption[] | undefined;

/**
 * Time zone choices for dropdowns: `UTC` (Activepieces' default) first, then every
 * IANA zone of this runtime under its current and older names, sorted. The value is the name.
 * Listed on first use (checking the zones costs tens of milliseconds: not at start-up).
 */
export function listTimeZoneOptions(): DropdownOption[] {
  timeZoneOptions ??= [
    'UTC',
    ...[...new Set([...Intl.supportedValuesOf('timeZone'), ...CURRENT_NAMES.filter(isTimeZone)])]
      .filter((zone) => zone !== 'UTC')
      .sort(),
  ].map((zone) => ({ label: zone.replaceAll('_', ' '), value: zone }));
  return timeZoneOptions;
}

/** Dropdown settings offering {@link listTimeZoneOptions}, listed when first read. */
export function timeZoneDropdownOptions(): { readonly options: DropdownOption[] } {
  return {
    get options() {
      return listTimeZoneOptions();
    },
  };
}
