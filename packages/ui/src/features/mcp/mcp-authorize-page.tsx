/**
 * `/mcp-authorize?authRequestId=...`: where the server's OAuth `/authorize` sends the browser of
 * someone connecting an MCP client. Outside the app shell, signed in (the guard sends a signed-out
 * visitor through sign-in and back here); approving or denying sends the browser on to the
 * client's redirect URI.
 */
import { useSearchParams } from 'react-router';
import { AuthLayout } from '../auth/auth-layout';
import { consentTitle, McpConsent, useMcpAuthRequest } from './mcp-consent';

/** The page of `/mcp-authorize`. */
export function Page() {
  const [params] = useSearchParams();
  const authRequestId = params.get('authRequestId') ?? '';
  const request = useMcpAuthRequest(authRequestId);
  return (
    <AuthLayout title={consentTitle(request.data)}>
      <McpConsent
        authRequestId={authRequestId}
        onAnswer={({ redirectUrl }) => window.location.assign(redirectUrl)}
      />
    </AuthLayout>
  );
}
