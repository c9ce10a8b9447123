// The words visitors type for the shop's motifs and metals, in every script they use: one
// entry a thing, in one place so people who speak the languages can review it.
//
// - latin: English and the romanised Hindi a visitor types; a word here finds all of them.
// - roman: Bengali typed in Latin letters, the Avro way (hati, ghora, pecha); it finds the
//   thing, but typing the English word does not add these to the query.
// - bn, hi: Bengali and Hindi words, as a local shop writes them, spelling variants included.
//   They find the thing in the English text too, and the translations find them back.
//   A Bengali or Hindi word of 3+ letters matches as a word start, so leave out words that
//   start other words: কলস (kalash) would find কলসি (a water pot), दिया is also "gave"; or
//   list such a word in WHOLE_WORDS too, and it matches only as itself.

export interface SearchConcept {
  latin: readonly string[];
  roman?: readonly string[];
  bn: readonly string[];
  hi: readonly string[];
}

/**
 * The craft's own name in its spellings. Every piece in the shop is Dokra, so the word finds
 * every piece; with other words, those words decide (craftWordsApart).
 */
export const CRAFT_WORDS: readonly string[] = ["dokra", "dhokra", "dokhra", "dhokhra", "dokara", "dhokara", "docra", "dhocra"];

/**
 * Bengali and Hindi words of the table that match only as the whole word, since other words
 * start with them: প্যাঁচা (owl) would find প্যাঁচানো (coiled), ঢাক (drum) ঢাকনা (lid).
 */
export const WHOLE_WORDS: ReadonlySet<string> = new Set(["প্যাঁচা", "ঢাক"]);

/** One-letter words that are words: searched for (other single letters are dropped). */
export const ONE_LETTER_WORDS: ReadonlySet<string> = new Set(["ॐ"]);

/** Words a visitor adds out of respect or habit that no piece's text carries: left out of a search ('ganesh ji'). */
export const COURTESY_WORDS: ReadonlySet<string> = new Set(["ji", "jee", "জি", "জী", "जी"]);

/** Two words that name one thing, as the one word of the table that finds it. */
export const PHRASES: ReadonlyMap<string, string> = new Map([
  ["bell metal", "kansa"],
  ["lost wax", "dokra"],
]);

export const SEARCH_CONCEPTS: readonly SearchConcept[] = [
  { latin: CRAFT_WORDS, bn: ["ডোকরা", "ঢোকরা"], hi: ["डोकरा", "ढोकरा"] },
  { latin: ["ganesh", "ganesha", "ganpati", "ganapati", "ganesa", "vinayak", "vinayaka"], roman: ["gonesh", "gonesha"], bn: ["গণেশ", "গনেশ"], hi: ["गणेश", "गणपति", "विनायक"] },
  { latin: ["diya", "diyas", "dia", "dias", "deepak", "lamp", "lamps"], roman: ["prodip", "prodeep", "pradip", "pradeep", "pidim"], bn: ["প্রদীপ", "পিদিম", "দীপ"], hi: ["दीया", "दीपक", "दीप", "प्रदीप"] },
  { latin: ["hathi", "haathi", "hathee", "elephant"], roman: ["hati", "haati"], bn: ["হাতি", "হাতী"], hi: ["हाथी"] },
  { latin: ["ullu", "owl"], roman: ["pecha", "pencha", "pyancha"], bn: ["পেঁচা", "পেচা", "প্যাঁচা"], hi: ["उल्लू"] },
  { latin: ["pooja", "puja", "worship"], roman: ["pujo"], bn: ["পুজো", "পূজা", "পুজা"], hi: ["पूजा"] },
  { latin: ["ghoda", "ghora", "horse"], bn: ["ঘোড়া"], hi: ["घोड़ा", "घोडा"] },
  { latin: ["machli", "machhli", "fish"], roman: ["mach", "machh", "maach", "maachh"], bn: ["মাছ"], hi: ["मछली"] },
  { latin: ["mor", "peacock"], roman: ["moyur", "mayur"], bn: ["ময়ূর", "ময়ুর"], hi: ["मोर", "मयूर"] },
  { latin: ["kachua", "kachhua", "tortoise", "turtle"], roman: ["kochchhop", "kochhop", "kocchop", "kachim"], bn: ["কচ্ছপ", "কাছিম"], hi: ["कछुआ"] },
  { latin: ["bagh", "tiger"], bn: ["বাঘ"], hi: ["बाघ"] },
  { latin: ["ghanti", "bell"], roman: ["ghonta", "ghanta"], bn: ["ঘণ্টা", "ঘন্টা"], hi: ["घंटी", "घण्टी", "घंटा"] },
  { latin: ["lakshmi", "laxmi", "lakhsmi"], roman: ["lokkhi", "lakkhi"], bn: ["লক্ষ্মী", "লক্ষী"], hi: ["लक्ष्मी"] },
  { latin: ["buddha", "budha"], roman: ["buddho", "boddho"], bn: ["বুদ্ধ"], hi: ["बुद्ध"] },
  { latin: ["krishna", "krisna"], roman: ["krishno"], bn: ["কৃষ্ণ"], hi: ["कृष्ण"] },
  { latin: ["shiva", "shiv"], roman: ["shib"], bn: ["শিব"], hi: ["शिव"] },
  { latin: ["kansa", "kansha", "kasha", "bellmetal"], roman: ["kasa"], bn: ["কাঁসা", "কাসা"], hi: ["कांसा", "काँसा"] },
  { latin: ["pital", "peetal", "brass"], roman: ["pitol"], bn: ["পিতল"], hi: ["पीतल"] },
  { latin: ["golden", "sunehra", "sunhera"], roman: ["sonali"], bn: ["সোনালি", "সোনালী"], hi: ["सुनहरा", "सुनहरी"] },
  { latin: ["candle", "mombati", "mombatti"], roman: ["mombaati"], bn: ["মোমবাতি"], hi: ["मोमबत्ती"] },
  { latin: ["adivasi", "tribal"], roman: ["adibasi"], bn: ["আদিবাসী", "আদিবাসি"], hi: ["आदिवासी"] },
  { latin: ["deer", "hiran", "harin"], roman: ["horin"], bn: ["হরিণ"], hi: ["हिरण", "हिरन"] },
  { latin: ["camel", "oont", "unt"], bn: ["উট"], hi: ["ऊंट", "ऊँट"] },
  { latin: ["bull", "bullock", "nandi", "bail"], roman: ["shar", "nondi"], bn: ["ষাঁড়", "বলদ", "নন্দী"], hi: ["बैल", "नंदी", "नन्दी"] },
  { latin: ["mother", "maa"], bn: ["মা"], hi: ["माँ", "मां"] },
  { latin: ["village", "gaon"], roman: ["gram", "gaan"], bn: ["গ্রাম", "গাঁ"], hi: ["गाँव", "गांव", "ग्राम"] },
  { latin: ["dance", "dancer", "dancers", "nach", "naach"], bn: ["নাচ", "নর্তকী"], hi: ["नाच", "नृत्य", "नर्तकी"] },
  { latin: ["drum", "drummer", "dhol", "dhamsa", "madal"], roman: ["dhak"], bn: ["ঢোল", "ধামসা", "মাদল", "ঢাক"], hi: ["ढोल", "नगाड़ा", "मांदर", "धमसा"] },
  { latin: ["sun", "surya", "suraj"], roman: ["surjo", "shurjo"], bn: ["সূর্য", "সূর্য্য"], hi: ["सूरज", "सूर्य"] },
  { latin: ["mask", "mukhota", "mukhauta"], roman: ["mukhosh", "mukhos"], bn: ["মুখোশ"], hi: ["मुखौटा"] },
  { latin: ["chariot", "rath", "ratha"], roman: ["roth"], bn: ["রথ"], hi: ["रथ"] },
  { latin: ["tree", "vriksha"], roman: ["gach", "gachh"], bn: ["গাছ", "বৃক্ষ"], hi: ["पेड़", "वृक्ष"] },
  { latin: ["kalash", "kalasha", "kalas"], roman: ["kolosh"], bn: ["ঘট", "মঙ্গলঘট", "কলশ"], hi: ["कलश"] },
  { latin: ["vase", "phooldan", "guldasta"], roman: ["phuldani", "fuldani"], bn: ["ফুলদানি"], hi: ["फूलदान"] },
  { latin: ["pen", "kalam"], roman: ["kolom"], bn: ["কলম"], hi: ["कलम", "क़लम"] },
  { latin: ["incense", "agarbatti", "agarbathi", "dhoop", "dhup"], roman: ["dhupkathi"], bn: ["ধূপ", "ধুপ", "ধূপকাঠি"], hi: ["अगरबत्ती", "धूप"] },
  { latin: ["fisherwoman", "machhuarin"], roman: ["jeleni", "jele"], bn: ["জেলেনি", "জেলে"], hi: ["मछुआरिन"] },
  { latin: ["lady", "woman", "women", "mahila", "aurat"], roman: ["mohila", "meye"], bn: ["মহিলা", "নারী", "মেয়ে"], hi: ["महिला", "औरत", "स्त्री"] },
  { latin: ["durga"], roman: ["dugga"], bn: ["দুর্গা"], hi: ["दुर्गा"] },
  { latin: ["lotus", "kamal"], roman: ["podmo", "padma", "padmo"], bn: ["পদ্ম"], hi: ["कमल"] },
  { latin: ["idol", "murti", "murthi", "statue"], bn: ["মূর্তি", "মুর্তি"], hi: ["मूर्ति"] },
  { latin: ["bird", "birds", "chidiya", "pakshi", "panchhi", "panchi"], roman: ["pakhi"], bn: ["পাখি", "পাখী"], hi: ["चिड़िया", "पक्षी", "पंछी"] },
];
