import stemEnglish from 'wink-porter2-stemmer';

/** Words that say nothing about a grocery (English and Hindi "of"/"and"), left out of names and queries. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'for', 'with', 'in', 'to', 'ka', 'ki', 'ke', 'aur', 'or', 'n', 'se']);

/** Latin diacritics (é → e) and the Devanagari nukta (ज़ → ज), which people type or leave out at will. */
const MARKS = /[\u0300-\u036f\u093c]/g;
/** Apostrophes join their word ("lady's" → "ladys", "kellogg's" → "kelloggs"). */
const APOSTROPHES = /['’‘`´]/g;
/** Anything that is not a letter, a combining mark or a digit separates words. */
const SEPARATORS = /[^\p{L}\p{M}\p{N}]+/u;
const LATIN_WORD = /^[a-z]+$/;
const NUMBER = /^\p{N}+$/u;

/** Lower case, without diacritics, apostrophes or nukta; what every comparison of search text starts from. */
export function normaliseText(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').replace(APOSTROPHES, '').toLowerCase().normalize('NFC');
}

/** Texts already split (catalogues repeat their lines: "Keep refrigerated", "Store in a cool, dry place"). */
const WORDS = new Map<string, string[]>();
const MAX_REMEMBERED_TEXTS = 50_000;

/** The words of a text, normalised, without stop words (unless there is nothing else). Do not change the array. */
export function wordsOf(text: string): string[] {
  let words = WORDS.get(text);
  if (!words) {
    words = withoutStopWords(normaliseText(text).split(SEPARATORS).filter(Boolean));
    if (WORDS.size >= MAX_REMEMBERED_TEXTS) WORDS.clear();
    WORDS.set(text, words);
  }
  return words;
}

/**
 * The words of a typed query: as wordsOf, except that a single letter counts only as the whole query
 * (the start of a word being typed), not beside others ("a.d" is no two words); digits always count ("7 up").
 */
export function queryWordsOf(text: string): string[] {
  const all = normaliseText(text).split(SEPARATORS).filter(Boolean);
  return withoutStopWords(all.length > 1 ? all.filter((word) => [...word].length > 1 || NUMBER.test(word)) : all);
}

function withoutStopWords(words: string[]): string[] {
  const kept = words.filter((word) => !STOP_WORDS.has(word));
  return kept.length ? kept : words;
}

/** Stems already computed: a catalogue repeats its words, and stemming is most of the cost of indexing. */
const STEMS = new Map<string, string>();
const MAX_REMEMBERED_STEMS = 200_000;

/** Plurals that name another grocery than their singular: "chips" (potato chips) are not a "chip" (chocolate chip muffins). */
const OWN_STEMS = new Map([['chips', 'chips']]);

/** The English stem of a Latin-letter word ("tomatoes" and "tomatos" → "tomato"); other words as they are. */
export function stemOf(word: string): string {
  let stem = STEMS.get(word);
  if (stem === undefined) {
    stem = OWN_STEMS.get(word) ?? (word.length > 2 && LATIN_WORD.test(word) ? stemEnglish(word) : word);
    if (STEMS.size >= MAX_REMEMBERED_STEMS) STEMS.clear();
    STEMS.set(word, stem);
  }
  return stem;
}

/**
 * What a run of words is indexed as: each word and its stem, and each pair of neighbours written as
 * one word with its stem ("corn flakes" → also "cornflakes", so a shopper's "cornflakes" finds it).
 */
export function indexTermsOf(words: readonly string[]): string[] {
  const terms = new Set<string>();
  words.forEach((word, i) => {
    terms.add(word).add(stemOf(word));
    const next = words[i + 1];
    // A number run into a word ("pack12") is nothing anyone types.
    if (next !== undefined && !NUMBER.test(word) && !NUMBER.test(next)) {
      const joined = word + next;
      terms.add(joined).add(stemOf(joined));
    }
  });
  return [...terms];
}

/** Most edits a typed word may be away from a word it finds: none up to 3 letters, 1 up to 7, 2 beyond. */
export function typoAllowance(word: string): number {
  const letters = [...word].length;
  return letters <= 3 ? 0 : letters <= 7 ? 1 : 2;
}
