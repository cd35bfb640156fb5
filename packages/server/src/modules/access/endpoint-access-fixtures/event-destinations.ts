/**
 * The fixtures of the event-destination endpoints. Their destinations are created disabled, so
 * the events the rest of the matrix records queue no delivery (a dispatcher writing in the
 * background would change the database while a refused call is checked).
 */
import { adminCall, name, type Fixture, type World } from './world';

/** A fresh disabled destination of platform A, on a loopback address the test server's filter blocks. */
const freshDestination = (world: World) =>
  adminCall<{ id: string }>(world, 'POST', '/v1/event-destinations', {
    url: 'http://127.0.0.1/hook',
    events: ['folder.created'],
    displayName: name('Destination'),
    enabled: false,
  });

/** One row per endpoint (`area.name`): how to call it. */
export const EVENT_DESTINATION_FIXTURES: Record<string, Fixture> = {
  'eventDestinations.create': async () => ({
    body: { url: 'https://hooks.example/piecework', enabled: false },
    platformWide: true,
  }),
  'eventDestinations.list': async () => ({ platformWide: true }),
  'eventDestinations.get': async (w) => ({ params: { id: (await freshDestination(w)).id } }),
  'eventDestinations.update': async (w) => ({
    params: { id: (await freshDestination(w)).id },
    body: { events: ['flow.created'] },
  }),
  'eventDestinations.delete': async (w) => ({ params: { id: (await freshDestination(w)).id } }),
  'eventDestinations.test': async (w) => ({
    params: { id: (await freshDestination(w)).id },
    // Loopback is not on the test server's AP_SSRF_ALLOW_LIST: the test call is refused, sends nothing.
    allowedStatus: 400,
  }),
  'eventDestinations.listDeliveries': async (w) => ({ params: { id: (await freshDestination(w)).id } }),
};
