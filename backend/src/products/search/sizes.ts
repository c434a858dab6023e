/** What a size measures: weight in grams, volume in millilitres, or a number of pieces. */
export type SizeDimension = 'mass' | 'volume' | 'count';

/** A size read from text: "5 kg", "1 L", "pack of 6", or a bare "30" (a number that may be any size). */
export interface Quantity {
  /** In grams, millilitres or pieces; for a bare number, the number. */
  amount: number;
  /** Absent for a bare number, which matches a size of any kind written with that number. */
  dimension?: SizeDimension;
  /** The number as written ("5" of "5 kg", "500" of "500 g"). */
  written: number;
}

/** Units as shoppers and labels write them, in lower case, with what one of them is in base units. */
const UNITS: Record<string, [SizeDimension, number]> = {};
const unit = (dimension: SizeDimension, factor: number, ...names: string[]) => names.forEach((name) => (UNITS[name] = [dimension, factor]));
unit('mass', 1, 'g', 'gm', 'gms', 'gr', 'grm', 'grms', 'gram', 'grams', 'gramme', 'grammes');
unit('mass', 1000, 'kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramme', 'kilogrammes');
unit('mass', 0.001, 'mg');
unit('volume', 1, 'ml', 'mls', 'millilitre', 'millilitres', 'milliliter', 'milliliters');
unit('volume', 1000, 'l', 'lt', 'ltr', 'ltrs', 'litre', 'litres', 'liter', 'liters', 'lit');
unit('count', 1, 'pc', 'pcs', 'piece', 'pieces', 'nos', 'pack', 'packs', 'pk', 'pkt', 'pkts', 'packet', 'packets', 'slice', 'slices', 'unit', 'units');
unit('count', 12, 'dozen', 'dozens', 'dz');

const NUMBER = String.raw`(\d+(?:\.\d+)?(?:/\d+)?|half|quarter)`;
const UNIT_NAMES = Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .join('|');
/** "5kg", "5 kg", "1.5 litre", "1/2 kg", "half kg", "2 dozen". */
const WITH_UNIT = new RegExp(String.raw`(?<![\p{L}\p{N}.])${NUMBER}\s*(${UNIT_NAMES})(?![\p{L}\p{N}])`, 'gu');
/** "pack of 6", "set of 4", "box of 12", "combo of 2", "pack 6". */
const PACK_OF = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:pack|set|box|combo|bundle|case)\s*(?:of\s*)?(\d+)(?![\p{L}\p{N}])`, 'gu');
/** "dozen eggs": a unit with no number. */
const DOZEN = /(?<![\p{L}\p{N}])(half\s*)?dozen(?![\p{L}\p{N}])/gu;
/** A number alone ("eggs 30"). */
const BARE = /(?<![\p{L}\p{N}.])(\d+)(?![\p{L}\p{N}]|\.\d)/gu;

function numberOf(text: string): number {
  if (text === 'half') return 0.5;
  if (text === 'quarter') return 0.25;
  const [top, bottom] = text.split('/');
  return bottom === undefined ? Number(top) : Number(top) / Number(bottom);
}

/**
 * The sizes written in `text` (lower case) and the text without them; `bare`: a number alone is a size
 * too (and stays in the text); `found` receives each size as written.
 */
export function readQuantities(text: string, { bare = false, found = [] as string[] } = {}): { quantities: Quantity[]; rest: string } {
  const quantities: Quantity[] = [];
  let rest = text.replace(WITH_UNIT, (match: string, number: string, name: string) => {
    found.push(match.trim());
    const [dimension, factor] = UNITS[name];
    const written = numberOf(number);
    if (Number.isFinite(written) && written > 0) quantities.push({ amount: written * factor, dimension, written });
    return ' ';
  });
  rest = rest.replace(PACK_OF, (match: string, number: string) => {
    found.push(match.trim());
    quantities.push({ amount: Number(number), dimension: 'count', written: Number(number) });
    return ' ';
  });
  rest = rest.replace(DOZEN, (match: string, half: string | undefined) => {
    found.push(match.trim());
    const amount = half ? 6 : 12;
    quantities.push({ amount, dimension: 'count', written: amount });
    return ' ';
  });
  if (bare) {
    for (const [number] of rest.matchAll(BARE)) {
      found.push(number);
      quantities.push({ amount: Number(number), written: Number(number) });
    }
  }
  return { quantities, rest };
}

/** A product's sizes, each as the quantities of its label ("200 g (10 slices)" → 200 g and 10 pieces): its weight, its name; later each pack size's label. */
export function sizesOf(labels: readonly (string | undefined)[]): Quantity[][] {
  return labels.map((label) => (label ? readQuantities(label.toLowerCase()).quantities : [])).filter((quantities) => quantities.length);
}

const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(a, b);

/** Whether a size asked for is the size offered: "1 litre" is "1 L" and "1000 ml"; a bare "30" is "30 pcs" or "30 g". */
export function sizeMatches(wanted: Quantity, offered: Quantity): boolean {
  if (wanted.dimension === undefined) return same(wanted.amount, offered.written) || (offered.dimension === 'count' && same(wanted.amount, offered.amount));
  return wanted.dimension === offered.dimension && same(wanted.amount, offered.amount);
}

/**
 * Which of a product's sizes the query asks for: the index of the size that matches most of the sizes
 * asked for, -1 when none matches any. Search ranks the products (and, with pack sizes, the pack) whose
 * size matches first; a size the shop does not have sinks nothing.
 */
export function matchingSize(wanted: readonly Quantity[], sizes: readonly (readonly Quantity[])[]): number {
  let best = -1;
  let bestCount = 0;
  for (let i = 0; i < sizes.length; i++) {
    let count = 0;
    for (const q of wanted) {
      for (const offered of sizes[i]) {
        if (sizeMatches(q, offered)) {
          count++;
          break;
        }
      }
    }
    if (count > bestCount) {
      best = i;
      bestCount = count;
    }
  }
  return best;
}
