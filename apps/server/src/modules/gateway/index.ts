// The gateway module's face: what the rest of the server may use of it.
export { GATEWAY_READERS, gatewayAuth } from './gateway-auth.ts';
export type { GatewayAuth } from './gateway-auth.ts';
export { gatewayIdParams, instant, isoTime, pathId } from './gateway-input.ts';
