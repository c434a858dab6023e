import { GST_STATES, gstinCheckCharacter, gstinProblem, gstStateOf, HSN_PATTERN, normaliseGstin, splitTax } from './gst';

describe('GST states', () => {
  it('lists the 28 states and 8 union territories once each, by their GST codes', () => {
    expect(GST_STATES).toHaveLength(36);
    expect(GST_STATES.filter((s) => s.territory)).toHaveLength(8);
    expect(new Set(GST_STATES.map((s) => s.code)).size).toBe(36);
    expect(GST_STATES.find((s) => s.name === 'Karnataka')?.code).toBe('29');
    expect(GST_STATES.find((s) => s.name === 'Andhra Pradesh')?.code).toBe('37');
    expect(GST_STATES.find((s) => s.name === 'Ladakh')?.code).toBe('38');
  });

  it('reads the state an address names, in any case, old names and short forms included', () => {
    expect(gstStateOf('Karnataka')?.code).toBe('29');
    expect(gstStateOf('  tamil   NADU ')?.code).toBe('33');
    expect(gstStateOf('Orissa')?.code).toBe('21');
    expect(gstStateOf('New Delhi')?.code).toBe('07');
    expect(gstStateOf('Jammu & Kashmir')?.code).toBe('01');
    expect(gstStateOf('KA')?.code).toBe('29');
    expect(gstStateOf('32')?.name).toBe('Kerala');
    expect(gstStateOf('Atlantis')).toBeUndefined();
    expect(gstStateOf('')).toBeUndefined();
  });
});

describe('GSTIN', () => {
  it('computes the mod-36 check character of published GSTINs', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('24AAACC1206D1Z')).toBe('M');
    expect(gstinCheckCharacter('29AAACG1234A1Z')).toBe('A');
  });

  it('accepts a good GSTIN, of its own state', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeUndefined();
    expect(gstinProblem('27AAPFU0939F1ZV', '27')).toBeUndefined();
    expect(gstinProblem(normaliseGstin(' 27aapfu0939f1zv '))).toBeUndefined();
  });

  it('says what is wrong: the form, an unknown state code, the check character, another state', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('27AAPFU0939F1YV')).toMatch(/15 characters/);
    expect(gstinProblem('99AAPFU0939F1ZV')).toMatch(/begins with 99/);
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/check character/);
    // One mistyped character elsewhere is caught by the check character too.
    expect(gstinProblem('27AAPFU0938F1ZV')).toMatch(/check character/);
    expect(gstinProblem('27AAPFU0939F1ZV', '29')).toBe(
      'GSTIN is registered in Maharashtra (state code 27), but the shop’s state is Karnataka (29); they must match',
    );
  });
});

describe('HSN', () => {
  it('is 4 to 8 digits', () => {
    expect(['0910', '070200', '07020000'].every((code) => HSN_PATTERN.test(code))).toBe(true);
    expect(['070', '070200001', '07a2', ''].some((code) => HSN_PATTERN.test(code))).toBe(false);
  });
});

describe('the tax split', () => {
  it('within the shop’s state: CGST and SGST halves that add up to the tax charged', () => {
    expect(splitTax(200, 2, true)).toEqual({ kind: 'intra', cgstPaise: 100, sgstPaise: 100, ratePercent: 2 });
    expect(splitTax(133, 2, true)).toEqual({ kind: 'intra', cgstPaise: 67, sgstPaise: 66, ratePercent: 2 });
    expect(splitTax(0, 2, true)).toEqual({ kind: 'intra', cgstPaise: 0, sgstPaise: 0, ratePercent: 2 });
  });

  it('across states: all IGST', () => {
    expect(splitTax(133, 2, false)).toEqual({ kind: 'inter', igstPaise: 133, ratePercent: 2 });
  });
});
