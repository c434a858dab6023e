import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most common passwords are refused (the "10,000 most common"). */
export const COMMON_PASSWORDS_CHECKED = 10_000;

let common: ReadonlySet<string> | undefined;

/**
 * Whether a password is among the 10,000 most common ones: the head of zxcvbn-ts's ranked list of
 * leaked passwords (@zxcvbn-ts/language-common, most common first). Compared lower-cased, since the
 * list is.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).slice(0, COMMON_PASSWORDS_CHECKED));
  return common.has(password.toLowerCase());
}
