import { ArgumentMetadata, BadRequestException, Injectable, PipeTransform } from '@nestjs/common';
import { LARGEST_INPUT_NODES } from '../../config/input-limits';

/** Deeper than any body, query or parameter of the API; refused before validation walks it recursively. */
export const MAX_INPUT_DEPTH = 12;
/** More keys and items than any request of the API has (the delivery settings at their most), counted over the whole value. */
export const MAX_INPUT_NODES = Math.max(5_000, LARGEST_INPUT_NODES);

/** C0 controls other than tab and line breaks, DEL, C1 controls, and the bidi embedding/override/isolate marks. */
// eslint-disable-next-line no-control-regex -- these are the characters refused
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** Characters that show nothing: a text made only of these and spaces is blank. */
// eslint-disable-next-line no-misleading-character-class -- joiners and variation selectors are listed one by one on purpose
const INVISIBLE = /[\s\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u2060-\u2064\u206a-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/gu;
/** Secrets are compared as typed: checked for valid Unicode, never rewritten. */
const VERBATIM_KEYS = new Set(['password']);

/**
 * Runs before validation on every body, query and route parameter: refuses values nested deeper
 * than MAX_INPUT_DEPTH (validation would recurse into them) or with more than MAX_INPUT_NODES
 * parts, text that is not well-formed Unicode (a lone surrogate) or that holds control or
 * bidi-override characters; normalises text to NFC and turns text that shows nothing
 * (spaces and zero-width characters only) into "", so "is required" rules refuse it.
 */
@Injectable()
export class SafeInputPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    return cleanInput(value);
  }
}

export function cleanInput(input: unknown): unknown {
  if (typeof input === 'string') return cleanText(input, 'value');
  if (typeof input !== 'object' || input === null) return input;
  let nodes = 0;
  const stack: { node: Record<string, unknown> | unknown[]; depth: number }[] = [{ node: input as Record<string, unknown>, depth: 1 }];
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (depth > MAX_INPUT_DEPTH) throw new BadRequestException('The request is nested too deeply');
    for (const key of Object.keys(node)) {
      if (++nodes > MAX_INPUT_NODES) throw new BadRequestException('The request has too many parts');
      if (!isWellFormed(key)) throw new BadRequestException('The request has a field name that is not valid text');
      const child = (node as Record<string, unknown>)[key];
      if (typeof child === 'string') {
        (node as Record<string, unknown>)[key] = VERBATIM_KEYS.has(key) ? checkOnly(child, key) : cleanText(child, Array.isArray(node) ? 'a list entry' : key);
      } else if (typeof child === 'object' && child !== null) {
        stack.push({ node: child as Record<string, unknown>, depth: depth + 1 });
      }
    }
  }
  return input;
}

function checkOnly(text: string, field: string): string {
  if (!isWellFormed(text)) throw new BadRequestException(`${field} is not valid text (broken Unicode)`);
  return text;
}

function cleanText(text: string, field: string): string {
  const safe = safeText(text, field);
  if ('problem' in safe) throw new BadRequestException(safe.problem);
  return safe.text;
}

/**
 * The rule every text of a request is held to, for text that reaches the shop another way (a catalogue
 * import's cells): the text as stored (NFC; "" when it shows nothing), or why it is refused, naming `field`.
 */
export function safeText(text: string, field: string): { text: string } | { problem: string } {
  if (!isWellFormed(text)) return { problem: `${field} is not valid text (broken Unicode)` };
  if (FORBIDDEN.test(text)) return { problem: `${field} contains control or text-direction characters that are not allowed` };
  const normalised = text.normalize('NFC');
  return { text: normalised.replace(INVISIBLE, '') === '' ? '' : normalised };
}

/** No lone surrogate (String.prototype.isWellFormed, without needing the ES2024 library typings). */
function isWellFormed(text: string): boolean {
  return !/\p{Cs}/u.test(text);
}
