/** Where a session was started from: the client's address and its `User-Agent`. */
import type { RequestMeta } from '../../infrastructure/http/route';

/** The longest `User-Agent` kept with a session; longer ones are cut. */
const MAX_USER_AGENT_LENGTH = 512;

/** The client address and `User-Agent` ('' when none) of the request that starts a session. */
export interface SessionOrigin {
  readonly ip: string;
  readonly userAgent: string;
}

/** The {@link SessionOrigin} of a route's request. */
export function sessionOriginOf(request: Pick<RequestMeta, 'ip' | 'headers'>): SessionOrigin {
  const header = request.headers['user-agent'];
  const userAgent = (Array.isArray(header) ? header[0] : header) ?? '';
  return { ip: request.ip, userAgent: userAgent.slice(0, MAX_USER_AGENT_LENGTH) };
}
