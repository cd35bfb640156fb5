/**
 * Keeps the host page and the embedded app's memory router in step: every location change goes
 * to the host as `CLIENT_ROUTE_CHANGED {route}` in its host-facing form (once per distinct
 * route), and the host's `VENDOR_ROUTE_CHANGED {vendorRoute}` navigates the app there.
 */
import { EmbedClientEvent, EmbedVendorEvent } from '@piecework/shared';
import { useEffect, useRef } from 'react';
import type { createMemoryRouter } from 'react-router';
import type { EmbedChannel } from './embed-channel';
import { hostRouteOf } from './host-route';

type Router = ReturnType<typeof createMemoryRouter>;

/** An app route from what a host sent: a path starting with one `/`, else null. */
export function appRouteOf(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

/** Reports `router`'s routes to the host and follows the host's navigation, while mounted. */
export function useHostRouting(router: Router, channel: EmbedChannel): void {
  const reported = useRef<string | null>(null);
  useEffect(() => {
    const report = () => {
      const { pathname, search } = router.state.location;
      const route = hostRouteOf(pathname, search);
      if (route === reported.current) return;
      reported.current = route;
      channel.post({ type: EmbedClientEvent.CLIENT_ROUTE_CHANGED, data: { route } });
    };
    report();
    const unsubscribe = router.subscribe(report);
    const unlisten = channel.listen((message) => {
      if (message.type !== EmbedVendorEvent.VENDOR_ROUTE_CHANGED) return;
      const data = message.data as { vendorRoute?: unknown } | undefined;
      const route = appRouteOf(data?.vendorRoute);
      if (route !== null) void router.navigate(route);
    });
    return () => {
      unsubscribe();
      unlisten();
    };
  }, [router, channel]);
}
