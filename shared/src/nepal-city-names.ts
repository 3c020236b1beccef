/**
 * The Nepali (Devanagari) names of the cities Nepal's domestic airports serve, by airport code:
 * the one spelling the airport suggestions, the search and the home page's routes use.
 */
export const NEPALI_CITY_NAMES: Readonly<Record<string, string>> = {
  KTM: 'काठमाडौं',
  PKR: 'पोखरा',
  PHH: 'पोखरा',
  BWA: 'भैरहवा',
  BIR: 'विराटनगर',
  BDP: 'भद्रपुर',
  JKR: 'जनकपुर',
  KEP: 'नेपालगञ्ज',
  DHI: 'धनगढी',
  TMI: 'तुम्लिङटार',
  SKH: 'सुर्खेत',
  LUA: 'लुक्ला',
  BHR: 'भरतपुर',
  JMO: 'जोमसोम',
  SIF: 'सिमरा',
  RJB: 'राजविराज',
  RHP: 'रामेछाप',
  IMK: 'सिमकोट',
  JUM: 'जुम्ला',
  PPL: 'फाप्लु',
  TPJ: 'ताप्लेजुङ',
  DOP: 'डोल्पा',
};
