/**
 * GSTIN: 2-digit state code, the holder's PAN (5 letters, 4 digits, 1 letter), the registration's number in the
 * state (1-9 or A-Z), 'Z', and a check character computed from the first 14 (base-36 weighted sum, as the GSTN
 * publishes it).
 */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of the first 14 characters of a GSTIN. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

/** True for a well-formed GSTIN whose check character is right. */
export function isGstin(value: string): boolean {
  return GSTIN_PATTERN.test(value) && gstinCheckChar(value.slice(0, 14)) === value[14];
}

/** The states and union territories of India by their GST state code (the first two digits of a GSTIN). */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

/** The state a GSTIN is registered in, as an invoice names it ('Karnataka (29)'); null for an unknown code. */
export function gstinState(gstin: string): string | null {
  const code = gstin.slice(0, 2);
  return isStateCode(code) ? stateLabel(code) : null;
}

/** A GST state code of the list ('29'). */
export const isStateCode = (code: string): boolean => Object.hasOwn(GST_STATES, code);

/** True for a GSTIN of a state on the list with its check character right (state code 00 is no state). */
export function isStateGstin(value: string): boolean {
  return isGstin(value) && isStateCode(value.slice(0, 2));
}

/** A state by its code as documents name it: 'Karnataka (29)'. */
export function stateLabel(code: string): string {
  const state = GST_STATES[code];
  return state ? `${state} (${code})` : code;
}

/**
 * The states of cities travellers go to (stays' cities are stored lower-case, canonicalCity), so the stay form
 * can fill the state from the city; any other city's state is chosen by its owner.
 */
export const CITY_STATE_CODES: Readonly<Record<string, string>> = {
  agra: '09',
  ahmedabad: '24',
  alleppey: '32',
  amritsar: '03',
  bengaluru: '29',
  bhopal: '23',
  chandigarh: '04',
  chennai: '33',
  coorg: '29',
  cuttack: '21',
  darjeeling: '19',
  dehradun: '05',
  delhi: '07',
  durg: '22',
  erode: '33',
  gangtok: '11',
  gaya: '10',
  goa: '30',
  gurugram: '06',
  guwahati: '18',
  hampi: '29',
  hyderabad: '36',
  indore: '23',
  jaipur: '08',
  jaisalmer: '08',
  jodhpur: '08',
  kochi: '32',
  kodaikanal: '33',
  kolkata: '19',
  kota: '08',
  leh: '38',
  lucknow: '09',
  madurai: '33',
  manali: '02',
  mumbai: '27',
  munnar: '32',
  mysuru: '29',
  'new delhi': '07',
  noida: '09',
  ooty: '33',
  panaji: '30',
  pondy: '34',
  puducherry: '34',
  pune: '27',
  rishikesh: '05',
  shimla: '02',
  srinagar: '01',
  thiruvananthapuram: '32',
  udaipur: '08',
  varanasi: '09',
  vizag: '37',
};

/** The state code of a city stays are stored under, when it is known. */
export const stateOfCity = (city: string): string | undefined => CITY_STATE_CODES[city.trim().toLowerCase()];

/**
 * A stay is registered for its supplies when it holds a GSTIN of the state it stands in: a GSTIN is per state, and
 * the place of supply of accommodation is where the property is (IGST Act s.12(3)). A stay of an unknown state
 * (made before states were asked) is taken at its GSTIN. Otherwise the platform supplies through it (s.9(5)).
 */
export function registeredInState(gstin: string | null | undefined, stateCode: string | null | undefined): boolean {
  return Boolean(gstin && (!stateCode || gstin.startsWith(stateCode)));
}
