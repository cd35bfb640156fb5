import type { PieceServices } from '../context/piece-services';

/**
 * The second argument of a property's `options()` / `props()`: what a property sees at design
 * time (`server`, `project`, `flows`, `step`, `connections`, `searchValue`), as Activepieces
 * passes it. Use it wherever a DROPDOWN or DYNAMIC property is evaluated.
 */
export function propertyContext(options: {
  services: PieceServices;
  projectId: string;
  stepName: string;
  searchValue?: string | undefined;
}) {
  const { services } = options;
  return {
    server: { apiUrl: services.urls.apiUrl, publicUrl: services.urls.publicUrl, token: services.token ?? '' },
    project: { id: options.projectId, externalId: async () => undefined },
    flows: {
      list: async (params?: { externalIds?: string[] }) => ({
        data: services.listFlows ? await services.listFlows(params ?? {}) : [],
        next: null,
        previous: null,
      }),
    },
    step: { name: options.stepName },
    connections: services.connections,
    searchValue: options.searchValue,
  };
}
