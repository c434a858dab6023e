/**
 * Brands Indian shoppers type, with what each sells, so that a brand the shop does not carry still finds
 * what it is a brand of: "amul butter" finds the shop's butter ("Showing results for 'butter'"), "maggi"
 * its instant noodles. Search (backend/src/products/search) looks a brand up only when the shop has no
 * product of that brand; one it carries is found by name as any other word. A brand that is also the
 * other name of one grocery (coke, bisleri, bournvita) is in grocery-synonyms.ts as well.
 *
 * One line per brand: the brand as people type it (lower case, an apostrophe left out: "haldirams"), a
 * colon, then what it sells, in the shop's words: the English names of grocery-synonyms.ts's lines or
 * the words of product names ("butter", "instant noodles", "soft drinks"), commonest first.
 *
 * Sources: the brand filters and product titles of India's grocery apps (BigBasket, Blinkit, Zepto,
 * JioMart) and the brands' own sites.
 */
const BRAND_LINES = `
amul: butter, milk, paneer, ghee, cheese, curd, buttermilk, lassi, ice cream, chocolate
mother dairy: milk, curd, paneer, butter, ghee, buttermilk, lassi, ice cream
nandini: milk, curd, ghee, paneer, butter, buttermilk
aavin: milk, curd, ghee, butter
milma: milk, curd, ghee
verka: milk, ghee, paneer, curd, lassi
heritage: milk, curd, paneer, ghee, buttermilk
gowardhan: ghee, paneer, curd, milk
govardhan: ghee, paneer, curd, milk
parag: milk, ghee, paneer, curd
gokul: milk, ghee, curd
akshayakalpa: milk, curd, butter, ghee, paneer
country delight: milk, curd, paneer, ghee, eggs
milky mist: paneer, curd, cheese, butter
britannia: biscuits, bread, cake, cheese, rusk
parle: biscuits, rusk, chocolate
sunfeast: biscuits, instant noodles, cake
unibic: biscuits, cookies
priyagold: biscuits
cremica: biscuits
anmol: biscuits, cake
bonn: bread, buns
modern: bread, buns
harvest gold: bread, buns
english oven: bread, buns
maggi: instant noodles, ketchup, soup
yippee: instant noodles
top ramen: instant noodles
ching's: instant noodles, soup, sauce
chings: instant noodles, soup, sauce
knorr: soup, instant noodles
wai wai: instant noodles
nestle: milk, coffee, chocolate, instant noodles, curd
pepsi: soft drinks, cola
coca cola: soft drinks, cola
cocacola: soft drinks, cola
coke: soft drinks, cola
sprite: soft drinks, lemon soda
thums up: soft drinks, cola
thumbs up: soft drinks, cola
fanta: soft drinks
mirinda: soft drinks
limca: soft drinks, lemon soda
7up: soft drinks, lemon soda
mountain dew: soft drinks
campa: soft drinks, cola
maaza: mango drink
slice: mango drink
frooti: mango drink
appy: juice
real: juice
tropicana: juice
paper boat: juice, drinks
red bull: energy drink
sting: energy drink
bisleri: drinking water
kinley: drinking water
aquafina: drinking water
himalayan: drinking water
tata: salt, tea, dal, spices, coffee
tata sampann: dal, spices, besan
tata tea: tea
red label: tea
brooke bond: tea
taj mahal: tea
wagh bakri: tea
society: tea
lipton: tea, iced tea
tetley: tea
nescafe: coffee
bru: coffee
davidoff: coffee
aashirvaad: atta, salt, spices, ghee
ashirvaad: atta, salt, spices, ghee
pillsbury: atta, cake
annapurna: atta, salt
shakti bhog: atta
fortune: oil, atta, rice, besan, soya
saffola: oil, oats
dhara: oil
gemini: oil
sundrop: oil, peanut butter
emami: oil
figaro: olive oil
parachute: coconut oil
kpl: coconut oil
idhayam: sesame oil
patanjali: ghee, atta, honey, oil, biscuits, noodles
dabur: honey, juice, chyawanprash
haldiram: namkeen, bhujia, instant food
haldirams: namkeen, bhujia, instant food
bikaji: namkeen, bhujia
bikano: namkeen, bhujia
balaji: chips, namkeen
lays: chips
lay's: chips
bingo: chips
uncle chipps: chips
pringles: chips
kurkure: namkeen, chips
too yumm: chips
cadbury: chocolate, biscuits
dairy milk: chocolate
kitkat: chocolate
ferrero: chocolate
hershey's: chocolate, syrup
hersheys: chocolate, syrup
kelloggs: corn flakes, muesli, oats
kellogg's: corn flakes, muesli, oats
quaker: oats
bagrry's: oats, muesli, corn flakes
bagrrys: oats, muesli, corn flakes
true elements: oats, muesli
mtr: ready to eat, spices, instant food
gits: ready to eat, instant food
everest: spices, masala
mdh: spices, masala
catch: spices, salt
badshah: spices, masala
eastern: spices, masala
aachi: spices, masala
sakthi: spices, masala
tata salt: salt
india gate: rice
daawat: rice
kohinoor: rice
lal qilla: rice
rajdhani: atta, besan, dal
kissan: ketchup, jam
maggi sauce: ketchup
heinz: ketchup
veeba: sauce, mayonnaise
funfoods: mayonnaise, peanut butter
dr oetker: mayonnaise, peanut butter
pintola: peanut butter
saffola oats: oats
horlicks: malt drink
bournvita: malt drink
boost: malt drink
complan: malt drink
protinex: malt drink
epigamia: curd, yogurt
go cheese: cheese
kwality walls: ice cream
kwality: ice cream
vadilal: ice cream
havmor: ice cream
baskin robbins: ice cream
licious: chicken, fish, mutton
freshtohome: fish, chicken, prawns
eggoz: eggs
suguna: chicken, eggs
happilo: dry fruits, almonds, cashews
nutraj: dry fruits, almonds, cashews
dhampure: sugar, jaggery
madhur: sugar
parry's: sugar
ganesh: atta, besan, sooji
`;

/** A brand and what it sells. */
export interface GroceryBrand {
  /** As shoppers type it, lower case ("mother dairy", "haldirams"). */
  brand: string;
  /** What it sells, in the shop's words, commonest first ("butter", "instant noodles"). */
  sells: readonly string[];
}

/** Every line of the list above. */
export const GROCERY_BRANDS: readonly GroceryBrand[] = BRAND_LINES.split('\n')
  .map((line) => line.trim())
  .filter(Boolean)
  .map((line) => {
    const colon = line.indexOf(':');
    return {
      brand: line.slice(0, colon).trim(),
      sells: line
        .slice(colon + 1)
        .split(',')
        .map((word) => word.trim())
        .filter(Boolean),
    };
  });
