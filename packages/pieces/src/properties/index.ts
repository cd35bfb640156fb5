/**
 * Design-time evaluation of DROPDOWN and DYNAMIC properties (`POST /v1/pieces/options`).
 * @module
 */
export { evaluateProperty } from './evaluate-property';
export type { PropertyOutcome, PropertyRequest } from './evaluate-property';
export { propertyContext } from './property-context';
