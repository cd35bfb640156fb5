import { z } from 'zod';
import { PropertyType } from './property-type';

/**
 * One input property of a piece action, trigger or custom auth, as found in piece metadata.
 * Loose on purpose: the fields every type has are checked (`type`, `displayName`, `required`,
 * `description?`, `defaultValue?`) and the type-specific rest (`options`, `refreshers`,
 * `properties`, `streaming`, ...) is kept as it is.
 */
export const PieceProperty = z.looseObject({
  type: PropertyType,
  displayName: z.string(),
  required: z.boolean(),
  description: z.string().optional(),
  defaultValue: z.unknown().optional(),
});
export type PieceProperty = z.infer<typeof PieceProperty>;

/** Properties by name (`props` of an action, trigger or CUSTOM_AUTH). */
export const PiecePropertyMap = z.record(z.string(), PieceProperty);
export type PiecePropertyMap = z.infer<typeof PiecePropertyMap>;

/**
 * One property among the `props` of a CUSTOM_AUTH or OAUTH2 auth: any property, or a SECRET_TEXT
 * one (`PieceAuth.SecretText` used as a property: a secret input, such as a password). Real
 * packages (slack, openai, mysql, shopify...) declare their auth this way.
 */
export const AuthProperty = PieceProperty.extend({ type: z.union([PropertyType, z.literal('SECRET_TEXT')]) });
export type AuthProperty = z.infer<typeof AuthProperty>;

/** Properties by name of an auth (`props` of CUSTOM_AUTH and OAUTH2). */
export const AuthPropertyMap = z.record(z.string(), AuthProperty);
export type AuthPropertyMap = z.infer<typeof AuthPropertyMap>;
