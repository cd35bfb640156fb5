/**
 * The server's first platform: the one signed up first. On a self-hosted server (AP_EDITION ce or
 * ee) it is the server's platform, the one later sign-ups join; it also owns server-wide changes.
 * Its query is {@link findFirstPlatform} of the platforms repository, named here for the sign-up
 * policy and the server-admin check.
 */
export { findFirstPlatform } from './platform-repository';
