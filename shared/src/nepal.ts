/** Nepal's domestic airports (domain-nepal.md): a trip touching any other airport is international. */
export const NEPAL_AIRPORT_CODES = new Set([
  'KTM',
  'PKR',
  'PHH',
  'BWA',
  'BIR',
  'BDP',
  'JKR',
  'KEP',
  'DHI',
  'TMI',
  'SKH',
  'LUA',
  'BHR',
  'JMO',
  'SIF',
  'RJB',
  'RHP',
  'IMK',
  'JUM',
  'PPL',
  'TPJ',
  'DOP',
]);

/** Whether any of these airport codes lies outside Nepal (passports needed). */
export const isInternational = (codes: Iterable<string>) =>
  [...codes].some((code) => !NEPAL_AIRPORT_CODES.has(code));
