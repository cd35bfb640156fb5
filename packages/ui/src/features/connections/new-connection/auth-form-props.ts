/**
 * The `props` of a CUSTOM_AUTH or OAUTH2 auth as the property form renders them. An auth's props
 * may include SECRET_TEXT ones (a password, a key), which no step property has: they are shown
 * as text inputs, keeping their label, description and whether they are required.
 */
import type { AuthPropertyMap, PiecePropertyMap } from '@piecework/shared';

/** `props` with each SECRET_TEXT property as a SHORT_TEXT one; none: an empty map. */
export function authFormProps(props: AuthPropertyMap | undefined): PiecePropertyMap {
  return Object.fromEntries(
    Object.entries(props ?? {}).map(([name, property]) => [
      name,
      property.type === 'SECRET_TEXT'
        ? { ...property, type: 'SHORT_TEXT' as const }
        : { ...property, type: property.type },
    ]),
  );
}
