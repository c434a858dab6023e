/**
 * What Indian shoppers type for the commonest groceries: Hindi and Hinglish names with their usual
 * spelling variants, regional names (Marathi, Gujarati, Bengali, Punjabi, Tamil, Telugu, Kannada,
 * Malayalam, in Latin letters as people type them), a few Devanagari spellings, and generic names of
 * brands and kinds. Search (backend/src/products/search) gives every product whose name or seller
 * search words contain a line's English word, or any of its other names, all the names of that line,
 * so `pyaz`, `kanda` and `प्याज` find "Red Onions" and `coke` finds "Classic Cola".
 *
 * One line per grocery: the English word the shop shows ("Showing results for 'onion'"), a colon,
 * then the other names separated by commas. Lower case; several words are a phrase that must appear
 * as such ("cottage cheese", "kali mirch"). A word that means different things in different lines
 * is kept only where it is unambiguous (`kanda` is onion; yam is `suran`/`jimikand`).
 *
 * Sources (checked against each other; where they differ the commoner spelling comes first):
 * - regional names of everyday vegetables: republicworld.com, "Vegetables which have non-identical
 *   names in different states" (pyaz/kanda, kakdi/khira, lauki/dudhi, aloo/batata);
 *   popxo.com, "Vegetables English name" (toree, chukandar, ...); guruduttkamath.jimdofree.com,
 *   "Marathi Hindi vegetable names" (farasbi, gavar, valachya shenga);
 * - spices: currylovers.co.za, "Twenty of the most popular spices used in Indian cooking" (English,
 *   Tamil, Hindi, Urdu and Gujarati names); kashmirmarket.com, "Indian food spice"; aahaarnihaar.com/spices;
 *   curryclub.synthasite.com/ingredients.php;
 * - pulses and flours: aahaarnihaar.com/pulses; onlyfreshstaples.com, "Pulses and legumes in Indian
 *   cuisine" (English, Hindi, Marathi, Tamil, Telugu, Kannada, Gujarati); agrihunt.com, "Glossary of
 *   pulses and lentils"; indianfood.about.com, "Daal";
 * - brand and generic names (coke, maggi, bournvita, bisleri, parle g, ...): the product titles of
 *   India's grocery apps (BigBasket, Blinkit, Zepto, JioMart), which print them as "Onion (Pyaz)",
 *   "Lady Finger (Bhindi)", "Cola (Soft Drink)";
 * - misspellings that are a whole other spelling rather than a typo (`pyaaz`, `chaawal`, `dhaniya`):
 *   the variants those pages and apps themselves use. Ordinary typos (`tomatos`, `bananna`) are left
 *   to the index's fuzzy matching and need no line.
 *
 * To extend: add a line (or a name to a line) and restart; the relevance test in
 * backend/test/search.e2e-spec.ts shows what a change does to the answers.
 */
const VEGETABLES = `
potato: aloo, alu, aaloo, aalu, batata, bataka, urulai, urulaikizhangu, bangaladumpa, alugedde, आलू
onion: pyaz, pyaaz, pyaj, piyaz, piyaj, pyaaj, kanda, kaanda, dungri, vengayam, ulli, erulli, ullipaya, प्याज, प्याज़, कांदा
tomato: tamatar, tamaatar, tamater, timatar, tameta, thakkali, takkali, tomatar, टमाटर
garlic: lehsun, lahsun, lehsan, lasun, lahasun, poondu, vellulli, belluli, लहसुन
ginger: adrak, adrakh, aadu, ale, inji, allam, shunti, अदरक
green chilli: hari mirch, hari mirchi, green chili, green chillies, chilli, chillies, chili, mirchi, mirch, milagai, pachi mirapakaya, hasi menasinakai, मिर्च, मिर्ची
coriander leaves: coriander, hara dhania, hara dhaniya, dhania patta, kothmir, kothimbir, kothamalli, cilantro, dhania leaves, धनिया पत्ता
mint: pudina, podina, phudina, pudhina, mint leaves, पुदीना
curry leaves: kadi patta, kadipatta, kari patta, karivepaku, karuveppilai, kadhi patta, meetha neem
spinach: palak, paalak, pasalai keerai, palakura, पालक
fenugreek leaves: fenugreek, methi, methi leaves, methi saag, venthaya keerai, menthikura, मेथी
mustard greens: sarson ka saag, sarson saag, sarso saag
amaranth leaves: chaulai, chaulai saag, rajgira leaves, thotakura, cheera
cauliflower: gobi, gobhi, phool gobi, phool gobhi, phulkopi, cauli, फूलगोभी, गोभी
cabbage: patta gobi, patta gobhi, bandh gobi, band gobhi, kobi, muttaikose, kosu, पत्तागोभी
lady finger: bhindi, bhendi, bhinda, okra, ladyfinger, ladies finger, vendakkai, bendakaya, bende kayi, भिंडी
brinjal: baingan, baigan, began, vangi, vangan, ringan, ringna, kathirikai, vankaya, eggplant, aubergine, बैंगन
carrot: gajar, gaajar, gajjar, carrots, गाजर
radish: mooli, muli, mullangi, मूली
beetroot: chukandar, beet, beet root, beets, chukunder, चुकंदर
cucumber: kheera, khira, kakdi, kakri, kakadi, vellari, dosakaya, sautekayi, खीरा
bottle gourd: lauki, ghiya, ghia, dudhi, doodhi, sorakaya, suraikai, lau, लौकी
bitter gourd: karela, karella, kareli, pavakkai, kakarakaya, hagalakayi, करेला
ridge gourd: turai, torai, tori, toree, dodka, peerkangai, beerakaya, तोरई
sponge gourd: gilki, nenua, ghiya tori
snake gourd: chichinda, padwal, pudalankai, potlakaya
ash gourd: petha, kumhda, safed kaddu, poosanikai, budida gummadi
pumpkin: kaddu, kadu, lal bhopla, parangikai, gummadikaya, kumra, कद्दू
pointed gourd: parwal, parval, potol
ivy gourd: tindora, tondli, kundru, tendli, kovakkai, dondakaya
round gourd: tinda, tindsi, dhemse, tinde
green peas: matar, mattar, mutter, hara matar, vatana, pattani, batani, peas, मटर
french beans: farasbi, fansi, green beans, beans phali, french bean, shravan ghevda
cluster beans: gawar, gavar, guar, guar phali, kothavarangai
broad beans: sem phali, papdi, val papdi, avarakkai, chikkudukaya
drumstick: saijan, sahjan, shevga, murungakkai, munagakaya, moringa, drumsticks
capsicum: shimla mirch, shimla mirchi, bell pepper, bell peppers, dhobli mirch, शिमला मिर्च
sweet potato: shakarkandi, shakarkand, ratalu, sakkaraivalli kizhangu, genasu
yam: suran, jimikand, jimikanda, elephant foot yam, senai kizhangu, kanda gadda
colocasia: arbi, arvi, arabi, ghuiya, seppankizhangu, chamagadda, taro
raw banana: kacha kela, kachcha kela, plantain, vazhakkai, aratikaya
raw mango: kairi, kachi kairi, kaccha aam, kacha aam, mangai
mushroom: khumb, khumbi, dhingri, kalan, mushrooms, कुकुरमुत्ता
corn: makka, makki, makai, bhutta, butta, sweet corn, sweetcorn, maize, मक्का
spring onion: hari pyaz, hara pyaz, green onion, scallion, kanda pat
lemon: nimbu, nimboo, limbu, lime, elumichai, nimmakaya, nimbe, kagzi nimbu, नींबू
leek: vilayati pyaz
zucchini: courgette, zuchini
broccoli: brocoli, hari gobhi, hari gobi
lettuce: salad patta, salad leaves
celery: ajmoda, ajmud
turnip: shalgam, shalgum, shaljam
kohlrabi: knol khol, ganth gobhi, nookal, navalkol
jackfruit: kathal, katahal, phanas, palakkai, panasa
`;

const FRUITS = `
banana: kela, kele, keli, vazhaipazham, vazhai, arati pandu, bale hannu, kola, केला
apple: seb, saib, safarchand, सेब
mango: aam, aamb, amba, mambazham, mamidi, mavinahannu, alphonso, hapus, dasheri, langra, आम
orange: santra, santara, narangi, kamala, kamla, orenj, संतरा
sweet lime: mosambi, musambi, mausambi, sathukudi, batavia
grapes: angoor, angur, draksha, drakshi, thratchai, अंगूर
pomegranate: anar, anaar, dalimb, dalimba, madulai, danimma, अनार
papaya: papita, papeeta, papai, pappali, boppayi, पपीता
guava: amrood, amrud, peru, jamphal, koyya, jama pandu, अमरूद
pineapple: ananas, annanas, anannas, अनानास
watermelon: tarbooz, tarbuj, tarbuz, kalingad, darbusini, tharbuja, तरबूज
muskmelon: kharbooja, kharbuja, kharbuj, cantaloupe, kirni, खरबूजा
coconut: nariyal, naariyal, naral, thengai, kobbari, tenginakai, narkel, नारियल
tender coconut: nariyal pani, nariyal paani, daab, elaneer, ilaneer, coconut water
custard apple: sitaphal, sharifa, seetaphal, sitafal
chikoo: chiku, sapota, sapodilla, chikku
jamun: java plum, black plum, jambul, naval pazham
lychee: litchi, lichi, leechi
strawberry: strawberries, strawbery
blueberry: blueberries
pear: nashpati, naspati, nashpaati, babbugosha, berikai
plum: alubukhara, aloo bukhara
peach: aadu, aaru, peaches
cherry: cherries, chery
kiwi: kiwi fruit, kivi
dragon fruit: pitaya, kamalam
amla: amlaa, awla, amala, indian gooseberry, nellikai, usirikaya, आंवला
fig: anjeer, anjir, figs, athipazham
dates: khajur, khajoor, kharik, pericham pazham, खजूर
raisins: kishmish, kishmis, manuka, kismis, dry grapes, किशमिश
avocado: butter fruit, avacado
`;

const SPICES = `
turmeric: haldi, haldee, halad, haldar, manjal, pasupu, arishina, holud, हल्दी
cumin: jeera, jira, zeera, jeerah, jeeru, jeeragam, jilakara, jeerige, जीरा
coriander seeds: dhania, dhaniya, dhana, dhaniya seeds, sabut dhania, kothamalli vidhai, dhaniyalu, धनिया
coriander powder: dhania powder, dhaniya powder, pisa dhania
red chilli powder: lal mirch, laal mirch, lal mirchi, mirchi powder, chilli powder, milagai thool, kashmiri mirch, लाल मिर्च
black pepper: kali mirch, kaali mirch, kali mirchi, black peppercorns, milagu, miriyalu, kalimirch, काली मिर्च
mustard seeds: rai, sarso, sarson seeds, kadugu, avalu, sasive, mohri, राई
fenugreek seeds: methi dana, methi seeds, vendhayam, menthulu
carom seeds: ajwain, ajwaen, ajowan, omam, vamu, ova, अजवाइन
fennel seeds: saunf, sonf, variyali, sombu, soambu, saunf seeds, सौंफ
asafoetida: hing, heeng, perungayam, inguva, hingu, हींग
cardamom: elaichi, ilaichi, elachi, choti elaichi, yelakkai, elakkai, velchi, इलायची
black cardamom: badi elaichi, kali elaichi, moti elaichi
cloves: laung, lavang, laung clove, grambu, kirambu, lavangalu, लौंग
cinnamon: dalchini, dalcheeni, pattai, chakke, दालचीनी
bay leaf: tej patta, tejpatta, tamal patra, biryani leaf, bay leaves
nutmeg: jaiphal, jayphal, jathikai
mace: javitri, javithri
star anise: chakra phool, badiyan, badian, chakri phool
saffron: kesar, keshar, zafran, kumkumapoo, केसर
dry mango powder: amchur, amchoor, amchur powder
garam masala: garam masala powder, kadha masala, गरम मसाला
chaat masala: chat masala, chaat masala powder
sambar powder: sambar masala, sambhar masala, sambar podi
rasam powder: rasam podi
kasuri methi: kasoori methi, dried fenugreek leaves
poppy seeds: khus khus, khaskhas, posto, gasagasalu
sesame seeds: til, till, ellu, nuvvulu, gingelly, तिल
nigella seeds: kalonji, kalaunji, mangrail, onion seeds
dry red chilli: sukhi lal mirch, sabut lal mirch, byadgi, guntur chilli
black salt: kala namak, kaala namak, sanchal, sanchar, संचल
spices: spice, masale, मसाले
`;

const GRAINS_AND_PULSES = `
rice: chawal, chaawal, chaval, chanwal, bhaat, bhat, arisi, biyyam, akki, annam, basmati, sona masoori, kolam, चावल
wheat flour: atta, aata, gehun ka atta, gehu atta, chakki atta, whole wheat flour, godhuma pindi, godhi hittu, kanak, आटा
wheat: gehun, gehu, gahu, godhumai, godhi, kanak dana, गेहूं
refined flour: maida, maidah, all purpose flour, plain flour, मैदा
gram flour: besan, beson, chickpea flour, kadalai maavu, senaga pindi, kadle hittu, बेसन
semolina: sooji, suji, soojee, rava, rawa, ravva, bombay rava, सूजी
rice flour: chawal ka atta, arisi maavu, biyyam pindi, akki hittu
flattened rice: poha, pauwa, pohe, aval, avalakki, atukulu, chivda, chura, पोहा
puffed rice: murmura, kurmura, mamra, muri, pori, borugulu, mandakki, मुरमुरा
vermicelli: seviyan, sevai, semiya, shavige, sewai, सेवइयां
lentils: dal, daal, dhal, dhaal, dals, pulses, paruppu, pappu, bele, दाल
pigeon peas: toor dal, tur dal, tuvar dal, tuvar, toor, arhar dal, arhar, thuvaram paruppu, kandi pappu, togari bele, तूर दाल, अरहर दाल
red lentils: masoor dal, masoor, masur dal, masur, mysore dal, malka masoor, मसूर दाल
green gram: moong dal, moong, mung dal, mung, moog dal, pesarapappu, hesaru bele, pasi paruppu, मूंग दाल
black gram: urad dal, urad, udad dal, udid dal, ulundu, minapappu, uddina bele, maa ki dal, उड़द दाल
split bengal gram: chana dal, chane ki dal, kadalai paruppu, senaga pappu, kadale bele, चना दाल
chickpeas: kabuli chana, chole, chhole, chholey, safed chana, garbanzo, garbanzo beans, chick peas, kondakadalai, kabuli chanay, काबुली चना, छोले
black chickpeas: kala chana, kaala chana, kale chane, desi chana, bengal gram, kondakadalai black, काला चना
kidney beans: rajma, raajma, rajmah, rajma beans, राजमा
black eyed peas: lobia, lobhia, chawli, chawla, karamani, alasandalu, alasande, cowpeas
horse gram: kulthi, kulith, kollu, ulavalu, hurali
moth beans: matki, moth dal, math
soybean: soya, soyabean, soya chunks, nutrela, meal maker, soya badi
oats: oatmeal, jaee, jai, rolled oats, oat
corn flakes: cornflakes, kelloggs, kellogg, kelloggs corn flakes, cereal flakes
muesli: musli, granola
millet: bajra, bajri, kambu, sajjalu, sajje, pearl millet, बाजरा
finger millet: ragi, nachni, nachani, kezhvaragu, ragulu, mandua, रागी
sorghum: jowar, jowari, jola, cholam, jonnalu, ज्वार
barley: jau, jav, barli, jow
quinoa: kinwa, keenwa
sago: sabudana, sabu dana, javvarisi, saggubiyyam, tapioca pearls, साबूदाना
peanuts: moongphali, mungfali, moongfali, shengdana, singdana, verkadalai, palli, kadalekai, groundnut, groundnuts, मूंगफली
`;

const DAIRY_AND_EGGS = `
milk: doodh, dudh, dood, dhoodh, paal, haalu, palu, dugdh, toned milk, full cream milk, दूध
curd: dahi, dahee, dhai, doi, thayir, perugu, mosaru, yogurt, yoghurt, curds, दही
paneer: panir, paner, cottage cheese, chhena, chenna, पनीर
butter: makhan, makkhan, makhkhan, loni, benne, venna, vennai, मक्खन
ghee: desi ghee, clarified butter, neyyi, nei, tuppa, toop, cow ghee, घी
cream: malai, fresh cream, dairy cream, मलाई
buttermilk: chaas, chhaas, chhach, chaach, mattha, majjige, moru, taak, छाछ
lassi: sweet lassi, meethi lassi, लस्सी
khoya: khoa, khova, mawa, maawa, kova, खोया
cheese: cheez, cheese slice, cheese cubes, cheese spread
condensed milk: milkmaid, mithai mate
milk powder: doodh powder, dairy whitener, everyday whitener
ice cream: icecream, kulfi, aiskrim
egg: eggs, anda, ande, anday, andey, andaa, mutta, motte, guddu, dim, अंडा, अंडे
`;

const BAKERY_SNACKS_INSTANT = `
bread: double roti, dabal roti, pav roti, brown bread, white bread, bread loaf, ब्रेड
pav: pao, ladi pav, laadi pav, pav bun, dinner rolls
bun: buns, burger bun, bun maska
rusk: toast, rusks, cake rusk, khari
biscuits: biscuit, biskut, cookies, cookie, parle g, parleg, marie, good day, bourbon, बिस्कुट
cake: cakes, pastry, muffin, cupcake
croissant: croissants, crossaint
chocolate: choco, chocolates, cadbury, dairy milk, kitkat, 5 star, chocolate bar, चॉकलेट
instant noodles: maggi, maggie, yippee, top ramen, noodles, instant noodle, chowmein, chow mein, मैगी
pasta: macaroni, penne, spaghetti, pasta masala
soup: soups, instant soup, soup mix, shorba
potato chips: wafers, lays, crisps, aloo chips, potato wafers, aloo wafer
namkeen: bhujia, aloo bhujia, mixture, chivda mix, farsan, sev, haldiram
papad: papadum, poppadom, appalam, happala
pickle: achar, achaar, aachar, oorugai, uppinakayi, अचार
ketchup: tomato ketchup, tomato sauce, kissan ketchup
jam: fruit jam, mixed fruit jam, kissan jam
honey: shahad, shehad, madhu, jenu, शहद
peanut butter: peanut spread
ready to eat: ready to cook, instant food, heat and eat, mtr, gits
upma: upma mix, rava upma
idli: idli mix, idly, idli batter, idli rava
dosa: dosa batter, dosa mix, dosai
dal makhani: daal makhani, dal makhni, maa ki dal makhani
poha mix: instant poha
`;

const OILS_SUGAR_SALT_BASICS = `
oil: tel, tail, cooking oil, ennai, nune, enne, refined oil, तेल
mustard oil: sarson ka tel, sarson tel, kachi ghani, kacchi ghani, shorsher tel
sunflower oil: surajmukhi tel, surajmukhi ka tel, fortune oil, saffola
groundnut oil: moongphali tel, mungfali tel, peanut oil, kadalai ennai, shengdana tel
coconut oil: nariyal tel, nariyal ka tel, thengai ennai, kobbari nune, parachute
sesame oil: til ka tel, til tel, gingelly oil, nallennai, ellu ennai
olive oil: jaitun tel, jaitoon ka tel
salt: namak, namak salt, noon, lavan, uppu, meeth, mith, tata salt, iodised salt, नमक
sugar: cheeni, chini, shakkar, shakar, sakhar, sakkarai, chakkara, sakkare, chinni, चीनी
jaggery: gur, gud, goor, gul, vellam, bellam, bella, गुड़
rock sugar: mishri, misri, kalkandu
vinegar: sirka, sirkaa
baking soda: meetha soda, khane ka soda, cooking soda, sodium bicarbonate
tamarind: imli, imlee, chinch, puli, chintapandu, hunase, इमली
coconut milk: nariyal doodh, thengai paal
tea: chai, chay, chaha, chaya, tea leaves, tea powder, tata tea, red label, taj mahal tea, brooke bond, चाय
coffee: kaapi, kapi, kafi, filter coffee, nescafe, bru, coffee powder, कॉफ़ी
drinking water: pani, paani, neer, mineral water, bisleri, kinley, aquafina, packaged water, पानी
`;

const DRINKS = `
cola: coke, coca cola, cocacola, pepsi, thums up, thumbs up, campa cola, diet coke
lemon soda: nimbu soda, nimbu pani, shikanji, shikanjvi, lemonade, sprite, 7up, seven up, limca, lime soda
mango drink: mango fruit drink, frooti, maaza, aam ras, mango juice, mango frooti
orange juice: santra juice, orange drink, tropicana orange, real orange
juice: ras, jus, fruit juice, tropicana, real juice
energy drink: red bull, redbull, sting, monster
malt drink: bournvita, horlicks, boost, complan, health drink, milo
tonic water: tonic, quinine water
iced tea: ice tea, lipton ice tea
jaljeera: jal jeera, jaljira
milkshake: milk shake, shake, badam milk, flavoured milk
cold coffee: iced coffee, coffee can, cafe frappe
club soda: soda water, fizzy water
`;

const DRY_FRUITS_AND_MORE = `
almonds: badam, baadam, vadam, badami, almond, बादाम
cashews: kaju, kaaju, cashew, cashew nuts, mundiri, jeedipappu, godambi, काजू
walnuts: akhrot, akrot, walnut, अखरोट
pistachios: pista, pistachio, pisthe, पिस्ता
fox nuts: makhana, makhane, phool makhana, lotus seeds, मखाना
dry fruits: dry fruit, mewa, meva, dryfruits, dry fruits mix
basil seeds: sabja, tukmaria, falooda seeds
chia seeds: chia
flax seeds: alsi, flaxseed, linseed, javas, avise ginjalu
pumpkin seeds: kaddu ke beej, kaddu beej
chicken: murgh, murga, murgi, kozhi, kodi, koli, chikan, मुर्गा
fish: machli, machhli, machhi, meen, chepa, meenu, मछली
mutton: gosht, goat meat, lamb
prawns: jhinga, jheenga, chingri, eral, royyalu, shrimp
`;

/** One grocery and the other names shoppers type for it. */
export interface GrocerySynonyms {
  /** The English word the shop shows for it ("Showing results for 'onion'"). */
  name: string;
  /** Hindi, Hinglish and regional names with their spelling variants, generic and brand names. */
  also: readonly string[];
}

function parseLines(text: string): GrocerySynonyms[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const colon = line.indexOf(':');
      return {
        name: line.slice(0, colon).trim(),
        also: line
          .slice(colon + 1)
          .split(',')
          .map((word) => word.trim())
          .filter(Boolean),
      };
    });
}

/** Every line of the list above. */
export const GROCERY_SYNONYMS: readonly GrocerySynonyms[] = [
  VEGETABLES,
  FRUITS,
  SPICES,
  GRAINS_AND_PULSES,
  DAIRY_AND_EGGS,
  BAKERY_SNACKS_INSTANT,
  OILS_SUGAR_SALT_BASICS,
  DRINKS,
  DRY_FRUITS_AND_MORE,
].flatMap(parseLines);

/**
 * Words shoppers type for a whole category (spec §2 categories): a product is found by them, after
 * products whose own name matches.
 */
export const CATEGORY_SEARCH_WORDS: Readonly<Record<string, readonly string[]>> = {
  Vegetables: ['vegetables', 'veggies', 'organic veggies', 'sabzi', 'sabji', 'subzi', 'tarkari', 'sabziyan'],
  Fruits: ['fruits', 'fresh fruits', 'phal', 'fal'],
  Drinks: ['drinks', 'cold drinks', 'beverages', 'soft drinks', 'sharbat', 'thanda'],
  Instant: ['instant', 'instant food', 'ready to eat', 'ready to cook', 'snacks'],
  Dairy: ['dairy', 'dairy products', 'milk products'],
  Bakery: ['bakery', 'breads', 'bakery and breads'],
  Grains: ['grains', 'cereals', 'grains and cereals', 'anaj', 'kirana', 'staples'],
};

/** How many words a seller may add to a product for search, and how long each may be. */
export const MAX_SEARCH_WORDS = 10;
export const MAX_SEARCH_WORD_LENGTH = 40;
