import { indexTermsOf, normaliseText, queryWordsOf, stemOf, typoAllowance, wordsOf } from './search-text';

describe('the search text', () => {
  it('normalises case, Latin accents, apostrophes and the Devanagari nukta', () => {
    expect(normaliseText('Crème Brûlée')).toBe('creme brulee');
    expect(normaliseText("Kellogg's Lady’s")).toBe('kelloggs ladys');
    expect(normaliseText('ज़ीरा')).toBe(normaliseText('जीरा'));
    expect(normaliseText('ÅNGSTRÖM')).toBe('angstrom');
  });

  it('splits words at anything that is not a letter, mark or digit, and leaves out stop words', () => {
    expect(wordsOf('Tata Salt (1 kg) - Iodised')).toEqual(['tata', 'salt', '1', 'kg', 'iodised']);
    expect(wordsOf('Bread and Butter of the Day')).toEqual(['bread', 'butter', 'day']);
    expect(wordsOf('Dal-Chawal ka Masala')).toEqual(['dal', 'chawal', 'masala']);
    expect(wordsOf('मसाला चाय')).toEqual(['मसाला', 'चाय']);
    expect(wordsOf('')).toEqual([]);
  });

  it('keeps the stop words when they are all there is ("The" is still a word to find)', () => {
    expect(wordsOf('The')).toEqual(['the']);
    expect(wordsOf('and / or')).toEqual(['and', 'or']);
  });

  it('a typed query: a single letter counts only alone; digits always count', () => {
    expect(queryWordsOf('a')).toEqual(['a']);
    expect(queryWordsOf('a.d')).toEqual([]);
    expect(queryWordsOf('a dal')).toEqual(['dal']);
    expect(queryWordsOf('7 up')).toEqual(['7', 'up']);
    expect(queryWordsOf('  Tomatoes, RIPE!! ')).toEqual(['tomatoes', 'ripe']);
    expect(queryWordsOf('{"$gt": ""}')).toEqual(['gt']);
  });

  it('stems English words only ("tomatoes" and "tomatos" meet at "tomato"), short and non-Latin words as they are', () => {
    expect(stemOf('tomatoes')).toBe('tomato');
    expect(stemOf('tomatos')).toBe('tomato');
    expect(stemOf('mangoes')).toBe(stemOf('mango'));
    expect(stemOf('kg')).toBe('kg');
    expect(stemOf('चाय')).toBe('चाय');
    expect(stemOf('500ml')).toBe('500ml');
  });

  it('indexes each word, its stem, and each neighbouring pair written as one word ("corn flakes" → "cornflakes")', () => {
    const terms = indexTermsOf(['corn', 'flakes']);
    expect(terms).toEqual(expect.arrayContaining(['corn', 'flakes', 'flake', 'cornflakes', stemOf('cornflakes')]));
    // The shopper's "cornflakes" is found whichever form was stored.
    expect(terms).toContain(stemOf(queryWordsOf('Cornflakes')[0]));
    expect(new Set(terms).size).toBe(terms.length);
  });

  it('never joins a number with its neighbour ("pack 12" is no "pack12")', () => {
    const terms = indexTermsOf(['pack', '12', 'eggs']);
    expect(terms).not.toContain('pack12');
    expect(terms).not.toContain('12eggs');
    expect(terms).toEqual(expect.arrayContaining(['pack', '12', 'eggs', 'egg']));
  });

  it('allows no typo up to 3 letters, one up to 7, two beyond (letters, not UTF-16 units)', () => {
    expect(['dal', 'rice', 'biscuit', 'biscuits'].map(typoAllowance)).toEqual([0, 1, 1, 2]);
    expect(typoAllowance('चाय')).toBe(0);
    expect(typoAllowance('😀😀😀')).toBe(0);
  });
});
