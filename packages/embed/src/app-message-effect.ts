/**
 * What each message of the main (dashboard/builder) frame means for the SDK.
 */
import { EmbedClientEvent } from '@piecework/shared';
import type { AcceptedMessage } from './frame-messages';

/** The effect of one main-frame message. */
export type AppMessageEffect =
  | { kind: 'answered' }
  | { kind: 'authentication-failed'; details: Record<string, unknown> }
  | { kind: 'configured' }
  | { kind: 'route-changed'; route: string }
  | { kind: 'home-button-clicked'; route: string }
  | { kind: 'ignore' };

/** The payload as an object (`{}` for anything else). */
function record(data: unknown): Record<string, unknown> {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

/** The `route` of a payload, or undefined when it has none. */
function routeOf(data: unknown): string | undefined {
  const route = record(data).route;
  return typeof route === 'string' ? route : undefined;
}

/** The effect of an accepted message of the main frame. */
export function appMessageEffect(message: AcceptedMessage): AppMessageEffect {
  switch (message.type) {
    case EmbedClientEvent.CLIENT_INIT:
      return { kind: 'answered' };
    case EmbedClientEvent.CLIENT_AUTHENTICATION_FAILED:
      return { kind: 'authentication-failed', details: record(message.data) };
    case EmbedClientEvent.CLIENT_CONFIGURATION_FINISHED:
      return { kind: 'configured' };
    case EmbedClientEvent.CLIENT_ROUTE_CHANGED: {
      const route = routeOf(message.data);
      return route === undefined ? { kind: 'ignore' } : { kind: 'route-changed', route };
    }
    case EmbedClientEvent.CLIENT_BUILDER_HOME_BUTTON_CLICKED: {
      const route = routeOf(message.data);
      return route === undefined ? { kind: 'ignore' } : { kind: 'home-button-clicked', route };
    }
    default:
      return { kind: 'ignore' };
  }
}
