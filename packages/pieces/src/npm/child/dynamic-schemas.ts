import type { PieceServices } from '../../context/piece-services';
import type { PiecePropertyDefinition } from '../../framework/piece-definition';
import { applyDefaults, type PropertyMap } from '../../props';
import { propertyContext } from '../../properties/property-context';

type DynamicProperty = PiecePropertyDefinition & {
  props?: (input: Record<string, unknown>, context: Record<string, unknown>) => Promise<unknown>;
};

/**
 * The step's propertySettings, completed with the schema of each DYNAMIC prop that has none:
 * the Activepieces builder stores `propertySettings[key].schema` at design time by calling the
 * prop's `props(input, ctx)`; for hand-written flows this does the same at run time, with the
 * defaulted input and the connection. A `props()` that throws leaves the prop without a schema
 * (its value is then passed as it is).
 */
export async function withDynamicSchemas(options: {
  props: PropertyMap;
  input: Record<string, unknown>;
  auth: unknown;
  propertySettings: Record<string, unknown>;
  services: PieceServices;
  projectId: string;
  stepName: string;
}): Promise<Record<string, unknown>> {
  const { props, propertySettings } = options;
  const missing = Object.entries(props).flatMap(([key, property]) => {
    const compute = (property as DynamicProperty).props;
    return property.type === 'DYNAMIC' && typeof compute === 'function' && !hasSchema(propertySettings[key])
      ? [[key, compute.bind(property)] as const]
      : [];
  });
  if (missing.length === 0) return propertySettings;
  const input = { ...applyDefaults(props, options.input), auth: options.auth };
  const context = propertyContext(options);
  const completed = { ...propertySettings };
  for (const [key, compute] of missing) {
    try {
      const schema = await compute(input, context);
      if (typeof schema === 'object' && schema !== null) {
        const settings = completed[key];
        completed[key] = { ...(typeof settings === 'object' && settings !== null ? settings : {}), schema };
      }
    } catch {
      // No schema: the value goes to the piece unprocessed, as it would without propertySettings.
    }
  }
  return completed;
}

function hasSchema(settings: unknown): boolean {
  return (
    typeof settings === 'object' && settings !== null && 'schema' in settings && Boolean(settings.schema)
  );
}
