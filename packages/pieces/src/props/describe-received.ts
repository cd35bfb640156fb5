const MAX_LENGTH = 100;

/**
 * How a received value is shown in a validation message: like Activepieces'
 * `received: ${value}`, but objects as JSON (not `[object Object]`) and long values cut.
 */
export function describeReceived(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'object' && value !== null) text = jsonOrString(value);
  else text = String(value);
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}...` : text;
}

function jsonOrString(value: object): string {
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `<${value.byteLength} bytes>`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
