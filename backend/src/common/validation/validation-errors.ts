import { BadRequestException, type ValidationError } from '@nestjs/common';

/**
 * A 400 that says what is wrong in one readable message and field by field (`errors`, keyed by the
 * field's path in the request: `adress.pincode`, `items.0.quantity`), so forms can show each
 * message at its field. The `{ success: false, message }` shape stays.
 */
export function validationFailed(errors: ValidationError[]): BadRequestException {
  const fields: Record<string, string> = {};
  const walk = (list: ValidationError[], prefix: string) => {
    for (const error of list) {
      const path = prefix ? `${prefix}.${error.property}` : error.property;
      const first = Object.values(error.constraints ?? {})[0];
      if (first && !(path in fields)) fields[path] = first;
      if (error.children?.length) walk(error.children, path);
    }
  };
  walk(errors, '');
  const messages = [...new Set(Object.values(fields))];
  return new BadRequestException({ message: messages.join('; ') || 'Invalid request', errors: fields });
}
