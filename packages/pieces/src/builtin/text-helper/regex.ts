/** Compiles a user's regular expression, naming the input when it is invalid. */
export function userRegExp(key: string, source: string, flags?: string): RegExp {
  try {
    return new RegExp(source, flags);
  } catch (error) {
    throw new Error(`Input "${key}" is not a valid regular expression: ${(error as Error).message}`);
  }
}
