/** Validation of one part of a request (path, query, body) against its schema. */
import type { z } from 'zod';
import { invalidRequest } from '../errors';

/** The parsed value, or a 400 VALIDATION naming the part and listing the issues. */
export function validatePart(schema: z.ZodType | undefined, value: unknown, part: string): unknown {
  if (schema === undefined) {
    return undefined;
  }
  const result = schema.safeParse(value);
  if (result.success) {
    return result.data;
  }
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
    code: issue.code,
  }));
  const first = issues[0];
  const where = first === undefined || first.path === '' ? part : `${part} ${first.path}`;
  throw invalidRequest(`Invalid ${where}: ${first?.message ?? 'does not match'}`, { issues });
}
