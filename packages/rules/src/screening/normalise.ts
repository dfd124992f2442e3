/**
 * Institution names brought to one form before they are compared (./README.md of packages/rules, Screening):
 * the same name typed in full width or half width, in capitals or not, with dots, commas and legal suffixes or
 * without, with its words in another order, in Traditional or Simplified Chinese or in Japanese kanji, gives the
 * same normalised name.
 */

/** A word of a normalised name: `generic` words (university, institute, 大学…) weigh less when names are scored. */
export interface NameToken {
  readonly text: string;
  readonly generic: boolean;
  /** Han or kana (compared by characters), or any other script (compared by letters). */
  readonly cjk: boolean;
}

/**
 * Traditional Chinese and Japanese kanji forms of the characters common in institution names, each followed by
 * the Simplified form every name is folded to (大學 and 大学, 東京 and 东京, 工業 and 工业 meet). A table of the
 * characters that occur in institution and company names, not a full converter (OpenCC's tables hold several
 * thousand characters and have no npm package this project can vouch for).
 */
const variantPairs =
  '學学國国東东業业華华濱滨爾尔電电機机會会發发発发開开關关門门長长龍龙農农灣湾臺台廣广體体經经濟济' +
  '済济醫医薬药藥药師师範范軍军車车飛飞彈弹弾弹導导術术技技氣气気气' +
  '實实実实驗验験验災灾區区区区縣县県县鄉乡鎮镇蘇苏遼辽寧宁陝陕漢汉廈厦溫温鄭郑瀋沈' +
  '蘭兰橫横濟济歐欧亞亚億亿傳传價价優优僑侨備备兩两團团圖图園园學学寶宝將将專专' +
  '層层屬属島岛峽峡嶺岭幹干廠厂懷怀應应戰战擊击據据攝摄數数斷断於于書书術术標标' +
  '檢检權权歷历歲岁殺杀氣气測测淺浅滬沪滿满潔洁為为無无煉炼燈灯營营爭争獨独' +
  '環环產产産产畫画當当疇畴盡尽監监礦矿碼码礎础確确禮礼種种稱称積积穩稳' +
  '競竞筆笔築筑簡简範范糧粮紀纪約约紅红純纯紙纸級级組组結结絡络給给統统絲丝' +
  '經经綜综綠绿網网線线編编練练縣县總总織织繼继續续聯联聲声職职肅肃腦脑興兴舉举' +
  '艦舰艱艰華华萬万葉叶蔣蒋藝艺號号衛卫衞卫裝装製制複复見见規规視视親亲覺觉觀观對对圓圆澤泽' +
  '計计訊讯記记設设許许診诊評评試试詩诗話话誠诚語语說说調调諾诺謝谢證证識识' +
  '讀读變变財财貨货質质費费資资賓宾趙赵跡迹軟软軸轴載载輕轻輸输農农' +
  '運运過过達达遠远選选邊边鄉乡醫医釋释銀银鋼钢錄录鍊炼鐵铁鑄铸鑛矿閣阁' +
  '陸陆陽阳際际隊队險险雙双雜杂雲云電电霧雾靈灵韓韩頭头題题額额風风飯饭館馆' +
  '馬马驗验體体鬥斗魯鲁鳥鸟鹽盐麥麦黃黄齊齐齒齿龍龙圏圈巻卷' +
  // Japanese forms (shinjitai) that are neither the Traditional nor the Simplified one.
  '浜滨沢泽広广円圆恵惠検检験验桜樱総总鉄铁転转伝传売卖読读営营労劳図图団团芸艺帰归挙举択择駅驿応应' +
  '関关渓溪鉱矿郷乡縄绳効效斉齐対对庁厅処处剤剂斎斋拡扩録录楽乐価价権权亜亚児儿単单収收';

const variants: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  const characters = Array.from(variantPairs);
  for (let index = 0; index + 1 < characters.length; index += 2) {
    const [from, to] = [characters[index]!, characters[index + 1]!];
    if (from !== to) map.set(from, to);
  }
  return map;
})();

/** Abbreviations and spellings of the same word, each written out in one way. */
const wordForms: Readonly<Record<string, string>> = {
  univ: 'university',
  uni: 'university',
  universidad: 'university',
  universidade: 'university',
  universita: 'university',
  universite: 'university',
  universitat: 'university',
  universiteit: 'university',
  uniwersytet: 'university',
  inst: 'institute',
  instit: 'institute',
  institut: 'institute',
  instituto: 'institute',
  tech: 'technology',
  techn: 'technology',
  technol: 'technology',
  technologies: 'technology',
  technological: 'technology',
  sci: 'science',
  sciences: 'science',
  acad: 'academy',
  natl: 'national',
  nat: 'national',
  intl: 'international',
  int: 'international',
  eng: 'engineering',
  engg: 'engineering',
  res: 'research',
  lab: 'laboratory',
  labs: 'laboratory',
  laboratories: 'laboratory',
  dept: 'department',
  ctr: 'center',
  centre: 'center',
  defence: 'defense',
  corp: 'corporation',
  industries: 'industry',
  industrial: 'industry',
  mfg: 'manufacturing',
  assn: 'association',
  assoc: 'association',
  polytech: 'polytechnic',
  coll: 'college',
  '&': 'and',
};

/** Words that say what kind of body a name is, not which one: many listed names share them. */
const genericWords: ReadonlySet<string> = new Set([
  'university',
  'institute',
  'technology',
  'science',
  'academy',
  'college',
  'school',
  'national',
  'state',
  'research',
  'center',
  'laboratory',
  'engineering',
  'polytechnic',
  'faculty',
  'department',
  'graduate',
  'corporation',
  'company',
  'group',
  'industry',
  'international',
  'foundation',
  'association',
  'agency',
  'bureau',
  'ministry',
  'federal',
  'applied',
  'advanced',
  'higher',
  'central',
]);

/** Words that join others and mean nothing alone ("University of X", "Science and Technology"). */
const joiningWords: ReadonlySet<string> = new Set(['of', 'the', 'and', 'for', 'in', 'at', 'de', 'da', 'del']);

/** Legal forms dropped from the end of a Latin name ("Co., Ltd.", "Inc.", "GmbH"). */
const legalSuffixes: ReadonlySet<string> = new Set([
  'co',
  'company',
  'ltd',
  'limited',
  'inc',
  'incorporated',
  'llc',
  'llp',
  'plc',
  'pvt',
  'pte',
  'gmbh',
  'ag',
  'sa',
  'srl',
  'bv',
  'nv',
  'jsc',
  'ojsc',
  'pjsc',
  'cjsc',
  'ooo',
  'oao',
  'zao',
  'kk',
]);

/** Legal forms dropped wherever they stand in a Chinese or Japanese name (folded to Simplified first). */
const cjkLegalForms = [
  '股份有限公司',
  '有限责任公司',
  '有限公司',
  '株式会社',
  '有限会社',
  '合同会社',
  '国立大学法人',
  '公立大学法人',
  '学校法人',
  '独立行政法人',
  '国立研究开发法人',
];

/** Chinese and Japanese words of the kind of body (longest first where one holds another). */
const cjkGenericWords = [
  '研究生院',
  '研究中心',
  '研究所',
  '研究院',
  '科学院',
  '大学院',
  '大学校',
  '大学',
  '学院',
  '学校',
  '公司',
  '集团',
  '中心',
];

const cjkWords = [
  ...cjkLegalForms.map((text) => ({ text, legal: true })),
  ...cjkGenericWords.map((text) => ({ text, legal: false })),
].sort((a, b) => b.text.length - a.text.length);

const cjkRun = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆]+/gu;
const latinDiacritics = /(\p{Script=Latin})\p{M}+/gu;

/**
 * Width, case, accents and Chinese character variants folded, repeated until nothing changes (lower-casing
 * after NFKC can give a character that NFKC changes again, as Turkish İ does).
 */
const fold = (text: string): string => {
  let current = text;
  for (let round = 0; round < 4; round += 1) {
    const next = Array.from(
      current
        .normalize('NFKC')
        // Case folded through the capitals: lower-casing alone leaves ß and SS, ı and I, ᾀ and ἈΙ apart; and
        // final sigma, which lower-casing writes by its place in the word, is one letter with σ.
        .toUpperCase()
        .toLowerCase()
        .replace(/ς/gu, 'σ')
        .normalize('NFD')
        .replace(latinDiacritics, '$1')
        .normalize('NFKC'),
      (character) => variants.get(character) ?? character,
    ).join('');
    if (next === current) break;
    current = next;
  }
  return current;
};

/** A run of Han and kana split at the words of kind, legal forms dropped. */
const splitCjkRun = (run: string): NameToken[] => {
  const tokens: NameToken[] = [];
  let pending = '';
  let position = 0;
  while (position < run.length) {
    const word = cjkWords.find(({ text }) => run.startsWith(text, position));
    if (word === undefined) {
      pending += run[position];
      position += 1;
      continue;
    }
    if (pending) tokens.push({ text: pending, generic: false, cjk: true });
    pending = '';
    if (!word.legal) tokens.push({ text: word.text, generic: true, cjk: true });
    position += word.text.length;
  }
  if (pending) tokens.push({ text: pending, generic: false, cjk: true });
  return tokens;
};

/** The words of a folded Latin (or other non-Han) fragment, abbreviations written out, joining words dropped. */
const latinWords = (fragment: string): string[] =>
  fragment
    // Dotted initials are one word ("M.I.T.", "N.U.D.T."): the dot between two single letters goes.
    .replace(/(?<![\p{L}\p{N}])(\p{L})\.(?=\p{L}(?![\p{L}\p{N}]))/gu, '$1')
    // "Nat'l", "People's": the apostrophe joins, it does not separate.
    .replace(/['’`]/gu, '')
    .replace(/&/gu, ' & ')
    .split(/[^\p{L}\p{N}&]+/u)
    .filter(Boolean)
    .map((word) => wordForms[word] ?? word)
    .filter((word) => !joiningWords.has(word));

/**
 * The words of a name in canonical order: its distinctive words in the order written, then its generic words in
 * alphabetical order, so "University of X" and "X University" meet.
 */
export function nameTokens(text: string): NameToken[] {
  const folded = fold(text);
  const tokens: NameToken[] = [];
  let last = 0;
  const latin = (fragment: string) => {
    for (const word of latinWords(fragment))
      tokens.push({ text: word, generic: genericWords.has(word), cjk: false });
  };
  for (const match of folded.matchAll(cjkRun)) {
    latin(folded.slice(last, match.index));
    tokens.push(...splitCjkRun(match[0]));
    last = match.index + match[0].length;
  }
  latin(folded.slice(last));

  const generic = tokens
    .filter((t) => t.generic)
    .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  const ordered = [...tokens.filter((t) => !t.generic), ...generic];
  // Legal suffixes go from the end, while a word is left: from the end of the canonical order, so that a
  // normalised name ends as its normalisation ends ("Foo Company" and "Company Foo" are both "foo").
  while (ordered.length > 1) {
    const final = ordered.at(-1)!;
    if (final.cjk || !legalSuffixes.has(final.text)) break;
    ordered.pop();
  }
  return ordered;
}

/**
 * A name in its normalised form: NFKC, case-folded, accents on Latin letters removed, Traditional and Japanese
 * kanji folded to Simplified, punctuation and spacing unified to one space, common abbreviations written out
 * ("Inst." → institute, "Univ." → university, "Tech." → technology, "&" → and), joining words ("of", "the",
 * "and") and legal forms ("Co., Ltd.", "Inc.", 有限公司, 株式会社, 国立大学法人) dropped, and the words in canonical
 * order (nameTokens). Idempotent: a normalised name normalises to itself.
 */
export const normaliseName = (text: string): string =>
  nameTokens(text)
    .map((token) => token.text)
    .join(' ');
