/** The `disposable-email-domains` package: lists of throwaway email domains (CommonJS JSON arrays). */
declare module 'disposable-email-domains' {
  const domains: string[];
  export = domains;
}
declare module 'disposable-email-domains/wildcard.js' {
  const domains: string[];
  export = domains;
}
