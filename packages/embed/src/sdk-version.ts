/**
 * The version sent as `VENDOR_INIT.sdkVersion`: the Activepieces embed SDK version whose protocol and
 * options this SDK implements (the app may gate features on it, as Activepieces' app does).
 */
export const SDK_VERSION = '0.13.0';
