/**
 * The checks of the sign-up and new-password forms, made before anything is sent, with the
 * server's own rules (`SignUpRequest` and `Password` of `@piecework/shared`: a valid email, names
 * not empty, a password of 8 to 64 characters). Each answers the message per field, empty when
 * all is well.
 */
import { Password, SignUpRequest } from '@piecework/shared';

/** The shortest and longest password the server accepts. */
export const PASSWORD_LENGTH = { min: Password.minLength ?? 8, max: Password.maxLength ?? 64 } as const;

/** What the sign-up form holds. */
export interface SignUpDraft {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A message per field that is wrong. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Why `password` would be refused, or undefined. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_LENGTH.min) {
    return `Use at least ${String(PASSWORD_LENGTH.min)} characters`;
  }
  if (password.length > PASSWORD_LENGTH.max) {
    return `Use at most ${String(PASSWORD_LENGTH.max)} characters`;
  }
  return undefined;
}

/** Why `email` would be refused, or undefined. */
export function emailProblem(email: string): string | undefined {
  if (email.trim() === '') return 'Enter your email address';
  return SignUpRequest.shape.email.safeParse(email.trim()).success
    ? undefined
    : 'Enter an email address such as ada@example.com';
}

/** The problems of a sign-up draft, by field. */
export function signUpProblems(draft: SignUpDraft): FieldErrors<keyof SignUpDraft> {
  const errors: FieldErrors<keyof SignUpDraft> = {};
  if (draft.firstName.trim() === '') errors.firstName = 'Enter your first name';
  if (draft.lastName.trim() === '') errors.lastName = 'Enter your last name';
  const email = emailProblem(draft.email);
  if (email !== undefined) errors.email = email;
  const password = passwordProblem(draft.password);
  if (password !== undefined) errors.password = password;
  return errors;
}

/** The problems of a new password and its confirmation. */
export function newPasswordProblems(
  password: string,
  confirmation: string,
): FieldErrors<'password' | 'confirmation'> {
  const errors: FieldErrors<'password' | 'confirmation'> = {};
  const problem = passwordProblem(password);
  if (problem !== undefined) errors.password = problem;
  if (confirmation !== password) errors.confirmation = 'The two passwords differ';
  return errors;
}
