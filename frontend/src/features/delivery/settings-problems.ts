import { readDeliverySettings, readDeliverySettingsWithSlots } from '@greencart/domain';

/**
 * Every problem of the seller's delivery form, one per field (`areas.2.pincode`), by the server's own
 * rules: each area row is read on its own, so every invalid row shows its own message, not only the first.
 */
export function deliverySettingsProblems(body: { areas: unknown[] } & Record<string, unknown>): Record<string, string> {
  const problems: Record<string, string> = {};
  const seen = new Map<string, number>();
  body.areas.forEach((area, index) => {
    const read = readDeliverySettings({ areas: [area] });
    if ('problem' in read) {
      problems[read.problem.field.replace(/^areas\.0/, `areas.${index}`)] = read.problem.message.replace(/^Area 1:/, `Area ${index + 1}:`);
      return;
    }
    const { pincode } = read.settings.areas[0]!;
    const first = seen.get(pincode);
    if (first === undefined) seen.set(pincode, index);
    else problems[`areas.${index}.pincode`] = `Pincode ${pincode} is listed twice (areas ${first + 1} and ${index + 1})`;
  });
  const rest = readDeliverySettingsWithSlots({ ...body, areas: [] });
  if ('problem' in rest) problems[rest.problem.field] = rest.problem.message;
  return problems;
}
