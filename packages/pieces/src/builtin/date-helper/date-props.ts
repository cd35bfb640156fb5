import { Property } from '../../framework/properties';
import { timeZoneDropdownOptions } from '../common/time-zones';
import { DEFAULT_TIME_FORMAT, TIME_FORMAT_DESCRIPTION, TIME_FORMAT_OPTIONS } from './date-formats';

/** A time format input (default `DDD MMM DD YYYY HH:mm:ss`). */
export const formatProp = (displayName: string, defaultValue: string = DEFAULT_TIME_FORMAT) =>
  Property.StaticDropdown({
    displayName,
    description: TIME_FORMAT_DESCRIPTION,
    required: true,
    defaultValue,
    options: { options: TIME_FORMAT_OPTIONS },
  });

/** A time zone input (`UTC` by default when required). */
export const timeZoneProp = (displayName: string, required: boolean, description?: string) =>
  Property.StaticDropdown({
    displayName,
    ...(description ? { description } : {}),
    required,
    ...(required ? { defaultValue: 'UTC' } : {}),
    options: timeZoneDropdownOptions(),
  });

/** A date given as text (numbers, such as Unix times, are accepted). */
export const dateTextProp = (displayName: string, description: string) =>
  Property.ShortText({ displayName, description, required: true });
