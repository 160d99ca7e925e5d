import type { Amenity, StayType } from '@repo/shared/constants/domain';
import { todayInIndia } from '@repo/shared/domain/dates';
import { unslabbedBandOf } from '@repo/shared/domain/gst';
import { GST_ACCOMMODATION_RATES } from '@repo/shared/domain/gst-rates';
import { gstinCheckChar, stateOfCity } from '@repo/shared/domain/gstin';
import { experienceFor } from '@repo/shared/domain/reviews';
import type { ImageDto, StayDto } from '@repo/shared/schemas/stay';
import { count, eq } from 'drizzle-orm';
import type { Db } from '#src/db/client.ts';
import { stays } from '#src/db/schema/index.ts';
import { formData, type SeedApi } from './api.ts';
import { type ExteriorKind, exteriorSvg, interiorSvg, randomFrom, renderJpeg, type TimeOfDay } from './images.ts';

/**
 * The demo catalogue seeded into an empty database: 40 stays of every type in the four home-page cities and
 * six more, each with 2-3 room types and their room numbers, and generated pictures (no downloads).
 * Pictures are drawn once per scene and shared by several stays, which keeps the seed within a few seconds.
 */

type SeedStay = {
  name: string;
  type: StayType;
  city: string;
  address: string;
  distance: number;
  rating: number;
  /** Nightly price of the cheapest room type, in rupees. */
  base: number;
  /** Amenities, one letter each: W Free Wifi, B Breakfast, C Cab service, S Spa, G Gym, P Parking. */
  amenities: string;
  description: string;
  featured?: boolean;
  scene?: ExteriorKind;
};

const S = (
  name: string,
  type: StayType,
  city: string,
  address: string,
  distance: number,
  rating: number,
  base: number,
  amenities: string,
  description: string,
  extra: Pick<SeedStay, 'featured' | 'scene'> = {},
): SeedStay => ({ name, type, city, address, distance, rating, base, amenities, description, ...extra });

export const CATALOGUE: SeedStay[] = [
  S(
    'The Indiranagar Grand',
    'Hotel',
    'bengaluru',
    '100 Feet Road, Indiranagar, Bengaluru 560038',
    5.2,
    8.9,
    4200,
    'WBCGP',
    "Boutique rooms steps from Indiranagar's cafes and the metro.",
    { featured: true },
  ),
  S(
    'Lalbagh Residency',
    'Hotel',
    'bengaluru',
    '12 Lalbagh Fort Road, Basavanagudi, Bengaluru 560004',
    3.1,
    7.6,
    2200,
    'WBP',
    'Quiet, good-value rooms beside the Lalbagh botanical garden.',
  ),
  S(
    'Whitefield Tech Suites',
    'Hotel',
    'bengaluru',
    'ITPL Main Road, Whitefield, Bengaluru 560066',
    18.4,
    8.2,
    3600,
    'WCGP',
    'Smart rooms for business travellers, minutes from ITPL.',
  ),
  S(
    'Nandi Hills Retreat',
    'Resort',
    'bengaluru',
    'Nandi Hills Road, Chikkaballapur, Bengaluru 562103',
    58,
    9.1,
    6500,
    'WBSCP',
    'Sunrise above the clouds at the foot of Nandi Hills.',
    { featured: true, scene: 'hills' },
  ),
  S(
    'Sarjapur Garden Villa',
    'Villa',
    'bengaluru',
    '14 Dommasandra Road, Sarjapur, Bengaluru 562125',
    24,
    8.6,
    7800,
    'WBP',
    'A family villa with a private lawn and a plunge pool.',
  ),
  S(
    'Kanakapura Forest Cabin',
    'Cabin',
    'bengaluru',
    'Kanakapura Road, Udayapura, Bengaluru 560082',
    32,
    8.0,
    3200,
    'WBP',
    "Wooden cabins among eucalyptus groves on the city's edge.",
  ),
  S(
    'Marina Bay Hotel',
    'Hotel',
    'chennai',
    'Kamarajar Salai, Triplicane, Chennai 600005',
    2.4,
    8.3,
    3900,
    'WBCGP',
    'Sea-facing rooms across the road from Marina Beach.',
  ),
  S(
    'T. Nagar Comfort Inn',
    'Hotel',
    'chennai',
    '45 Usman Road, T. Nagar, Chennai 600017',
    5.6,
    6.8,
    1600,
    'WP',
    'Simple, clean rooms in the middle of the shopping district.',
  ),
  S(
    'ECR Sands Resort',
    'Resort',
    'chennai',
    'East Coast Road, Muttukadu, Chennai 603112',
    28,
    9.0,
    7200,
    'WBSGCP',
    'A beachfront resort on the East Coast Road with a lagoon pool.',
    { featured: true },
  ),
  S(
    'Besant Nagar Heritage Villa',
    'Villa',
    'chennai',
    '3rd Avenue, Besant Nagar, Chennai 600090',
    10.5,
    8.1,
    6800,
    'WBP',
    "A restored 1940s villa a short walk from Elliot's Beach.",
  ),
  S(
    'Kovalam Palm Cottages',
    'Cottage',
    'chennai',
    'Covelong Beach Road, Kovalam, Chennai 603112',
    38,
    7.9,
    2900,
    'WBP',
    'Cottages in a coconut grove by Covelong beach.',
    { scene: 'beach' },
  ),
  S(
    'Banjara Hills Palace Hotel',
    'Hotel',
    'hyderabad',
    'Road No. 1, Banjara Hills, Hyderabad 500034',
    4.8,
    9.2,
    6900,
    'WBSGCP',
    'Nizam-era elegance with a rooftop pool above Banjara Hills.',
    { featured: true },
  ),
  S(
    'HITEC City Business Hotel',
    'Hotel',
    'hyderabad',
    'Madhapur Main Road, HITEC City, Hyderabad 500081',
    12.6,
    8.0,
    3400,
    'WGCP',
    'Modern rooms within walking distance of the tech parks.',
  ),
  S(
    'Charminar View Lodge',
    'Hotel',
    'hyderabad',
    'Pathergatti Road, Old City, Hyderabad 500002',
    1.2,
    6.4,
    1700,
    'W',
    'Budget rooms in the old city with views of the Charminar.',
  ),
  S(
    'Gandipet Lake Resort',
    'Resort',
    'hyderabad',
    'Osman Sagar Road, Gandipet, Hyderabad 500075',
    22,
    8.7,
    5400,
    'WBSCP',
    'Lakeside lawns, a spa and weekend barbecues by Osman Sagar.',
    { scene: 'villa' },
  ),
  S(
    'Jubilee Hills Luxury Villa',
    'Villa',
    'hyderabad',
    'Road No. 36, Jubilee Hills, Hyderabad 500033',
    7.5,
    9.4,
    9200,
    'WBCP',
    'A designer villa with a private pool and a chef on call.',
    { featured: true },
  ),
  S(
    'RK Beach Hotel',
    'Hotel',
    'vizag',
    'Beach Road, Siripuram, Visakhapatnam 530003',
    2.0,
    8.4,
    3300,
    'WBCGP',
    'Bright rooms with balconies facing RK Beach.',
  ),
  S(
    'Rushikonda Bay Resort',
    'Resort',
    'vizag',
    'Rushikonda Beach Road, Visakhapatnam 530045',
    12.5,
    9.3,
    6400,
    'WBSGCP',
    'A cliff-top resort above the golden sands of Rushikonda.',
    { featured: true },
  ),
  S(
    'Yarada Cove Resort',
    'Resort',
    'vizag',
    'Yarada Beach Road, Visakhapatnam 530005',
    16,
    8.5,
    4800,
    'WBSP',
    'A secluded cove with hills on three sides and the sea on the fourth.',
  ),
  S(
    'Araku Valley Cottages',
    'Cottage',
    'vizag',
    'Padmapuram Gardens Road, Araku Valley 531149',
    112,
    8.8,
    3100,
    'WBP',
    'Stone cottages among coffee plantations in the Eastern Ghats.',
  ),
  S(
    'Ananthagiri Hill Cabins',
    'Cabin',
    'vizag',
    'Araku Road, Ananthagiri Hills 531145',
    86,
    7.8,
    2600,
    'BP',
    'Timber cabins in the misty coffee hills on the road to Araku.',
  ),
  S(
    'Calangute Beach Resort',
    'Resort',
    'goa',
    'Calangute-Baga Road, Calangute, Goa 403516',
    1.5,
    8.2,
    5200,
    'WBSCP',
    'Pool-side rooms a two-minute walk from Calangute beach.',
  ),
  S(
    'Palolem Beach Cottages',
    'Cottage',
    'goa',
    'Palolem Beach, Canacona, South Goa 403702',
    2.5,
    8.6,
    3500,
    'WBP',
    'Sea-facing cottages on the calm crescent of Palolem.',
    { scene: 'beach' },
  ),
  S(
    'Assagao Portuguese Villa',
    'Villa',
    'goa',
    'Assagao, Bardez, North Goa 403507',
    6,
    9.5,
    9600,
    'WBCP',
    'A 19th-century Portuguese house with a pool under the mango trees.',
    { featured: true },
  ),
  S(
    'Candolim Sea Villa',
    'Villa',
    'goa',
    'Fort Aguada Road, Candolim, Goa 403515',
    3.2,
    8.0,
    6100,
    'WBP',
    'A bright villa between Candolim beach and Fort Aguada.',
  ),
  S(
    'Panjim Riverside Hotel',
    'Hotel',
    'goa',
    'Dayanand Bandodkar Marg, Panaji, Goa 403001',
    1.0,
    7.4,
    2800,
    'WBGP',
    'River-view rooms on the Mandovi promenade in Panaji.',
  ),
  S(
    'Marine Drive Regency',
    'Hotel',
    'mumbai',
    'Netaji Subhash Chandra Bose Road, Churchgate, Mumbai 400020',
    2.2,
    9.0,
    8900,
    'WBSGCP',
    "Art deco rooms overlooking the Queen's Necklace.",
    { featured: true },
  ),
  S(
    'Bandra Bandstand Hotel',
    'Hotel',
    'mumbai',
    'Bandstand Promenade, Bandra West, Mumbai 400050',
    14,
    8.1,
    5600,
    'WBGP',
    'Sea-view rooms on the Bandstand promenade.',
  ),
  S(
    'Juhu Beach Resort',
    'Resort',
    'mumbai',
    'Juhu Tara Road, Juhu, Mumbai 400049',
    18,
    8.4,
    7400,
    'WBSGP',
    'A palm-lined resort right on Juhu beach.',
  ),
  S(
    'Amber Fort Haveli',
    'Hotel',
    'jaipur',
    'Amer Road, near Jal Mahal, Jaipur 302002',
    8,
    9.1,
    5800,
    'WBCP',
    'A painted haveli with courtyard dining below Amber Fort.',
    { featured: true },
  ),
  S(
    'Pink City Boutique Hotel',
    'Hotel',
    'jaipur',
    'M. I. Road, near Ajmeri Gate, Jaipur 302001',
    1.5,
    7.7,
    2500,
    'WBP',
    'Block-printed rooms inside the walled Pink City.',
  ),
  S(
    'Aravalli Desert Resort',
    'Resort',
    'jaipur',
    'Delhi Road, Kukas, Jaipur 302028',
    22,
    8.6,
    6200,
    'WBSGCP',
    'Sandstone pavilions and a long pool against the Aravalli hills.',
    { scene: 'villa' },
  ),
  S(
    'Old Manali Log Cabins',
    'Cabin',
    'manali',
    'Manu Temple Road, Old Manali, Himachal Pradesh 175131',
    3,
    8.9,
    3800,
    'WBP',
    'Deodar-wood cabins above the Manalsu river.',
    { featured: true },
  ),
  S(
    'Solang Valley Cabins',
    'Cabin',
    'manali',
    'Solang Valley Road, Palchan, Manali 175131',
    13,
    8.3,
    3300,
    'BP',
    'Cabins at the foot of the Solang ski slopes.',
  ),
  S(
    'Apple Orchard Cottage',
    'Cottage',
    'manali',
    'Naggar Road, Jagatsukh, Manali 175143',
    6,
    8.5,
    2700,
    'WBP',
    'A cottage in an apple orchard with views of the Kullu valley.',
  ),
  S(
    'Nilgiri Tea Estate Cottage',
    'Cottage',
    'ooty',
    'Coonoor Road, Lovedale, Ooty 643003',
    7,
    9.0,
    4100,
    'WBP',
    'A planter’s cottage on a working tea estate.',
  ),
  S(
    'Ooty Lake View Hotel',
    'Hotel',
    'ooty',
    'Lake Road, Ooty 643001',
    1.8,
    7.2,
    2300,
    'WP',
    'Warm rooms overlooking Ooty lake and the boat house.',
  ),
  S(
    'Avalanche Pine Cabins',
    'Cabin',
    'ooty',
    'Avalanche Road, Emerald, Nilgiris 643209',
    27,
    8.4,
    2900,
    'BP',
    'Cabins in a pine forest by the Avalanche lake.',
  ),
  S(
    'Fort Kochi Heritage Hotel',
    'Hotel',
    'kochi',
    'Princess Street, Fort Kochi, Kochi 682001',
    12,
    8.7,
    4600,
    'WBCP',
    'A Dutch-era bungalow hotel in the lanes of Fort Kochi.',
  ),
  S(
    'Kumbalangi Backwater Villa',
    'Villa',
    'kochi',
    'Kumbalangi Village, Kochi 682007',
    16,
    9.0,
    7600,
    'WBCP',
    'A villa on the backwaters with its own canoe jetty.',
  ),
];

const AMENITY_CODES: Record<string, Amenity> = {
  W: 'Free Wifi',
  B: 'Breakfast',
  C: 'Cab service',
  S: 'Spa',
  G: 'Gym',
  P: 'Parking',
};

const CITY_NOTES: Record<string, string> = {
  bengaluru: 'The airport is about an hour away by road, and the desk can book a cab for you.',
  chennai: 'Chennai Central, the airport and the beaches of the Coromandel coast are all within easy reach.',
  hyderabad: 'The Charminar, Golconda Fort and the best biryani houses in town are an easy drive away.',
  vizag: "Visakhapatnam's beaches, the submarine museum and Kailasagiri hill are close by.",
  goa: 'Beaches, old churches and the markets of North and South Goa are a scooter ride away.',
  mumbai: "Mumbai's local trains, sea faces and street food are all close by.",
  jaipur: 'The Hawa Mahal, the City Palace and the bazaars of the Pink City are close by.',
  manali: 'Hadimba temple, Mall Road and the road to Solang and Rohtang are close by.',
  ooty: 'The toy train, the botanical garden and the tea estates of the Nilgiris are close by.',
  kochi: "The Chinese fishing nets, Mattancherry's spice markets and the backwaters are close by.",
};

const TYPE_NOTES: Record<StayType, { title: string; overview: string; scene: ExteriorKind }> = {
  Hotel: {
    title: 'Comfortable rooms in the heart of the city',
    overview:
      'Rooms are serviced daily, the front desk is open round the clock and the restaurant serves South and North Indian favourites from breakfast to late dinner.',
    scene: 'city',
  },
  Resort: {
    title: 'Pools, gardens and long, lazy days',
    overview:
      'Days here move slowly: a large pool, landscaped gardens, an all-day dining room and activities for children make it easy to stay in.',
    scene: 'beach',
  },
  Villa: {
    title: 'A whole house to yourselves',
    overview:
      'You get the whole house: bedrooms with en-suite bathrooms, a kitchen, a living room opening onto the garden and a caretaker who lives on site.',
    scene: 'villa',
  },
  Cottage: {
    title: 'A homely cottage with a verandah',
    overview:
      'Each cottage has a sit-out verandah, a heater for cool evenings and home-style meals cooked to order in the main house.',
    scene: 'hills',
  },
  Cabin: {
    title: 'A timber cabin among the trees',
    overview:
      'Cabins are built from local timber, with warm quilts, a small deck and a bonfire area where tea is served in the evenings.',
    scene: 'mountain',
  },
};

type RoomTemplate = { title: string; description: string; maxPeople: number; factor: number };
const ROOMS: Record<StayType, RoomTemplate[]> = {
  Hotel: [
    { title: 'Standard Room', description: 'Queen bed, work desk and a rain shower.', maxPeople: 2, factor: 1 },
    { title: 'Deluxe Room', description: 'King bed, a sofa corner and a view.', maxPeople: 3, factor: 1.45 },
    { title: 'Executive Suite', description: 'Separate living room, bathtub and lounge access.', maxPeople: 4, factor: 2.4 },
  ],
  Resort: [
    {
      title: 'Garden View Room',
      description: 'Twin or king bed with a private balcony on the gardens.',
      maxPeople: 2,
      factor: 1,
    },
    { title: 'Premium View Room', description: 'King bed and a large balcony facing the best view.', maxPeople: 3, factor: 1.5 },
    { title: 'Family Suite', description: 'Two rooms, a kids’ corner and a day bed.', maxPeople: 5, factor: 2.2 },
  ],
  Villa: [
    { title: 'One-Bedroom Villa', description: 'King bedroom, living room and a kitchenette.', maxPeople: 2, factor: 1 },
    { title: 'Private Pool Villa', description: 'Two bedrooms and a pool of your own.', maxPeople: 4, factor: 1.8 },
    { title: 'Three-Bedroom Villa', description: 'Three en-suite bedrooms for large families.', maxPeople: 6, factor: 2.5 },
  ],
  Cottage: [
    { title: 'Classic Cottage', description: 'Double bed, verandah and garden seating.', maxPeople: 2, factor: 1 },
    { title: 'Family Cottage', description: 'Two bedrooms sharing a sit-out and a fireplace.', maxPeople: 4, factor: 1.6 },
  ],
  Cabin: [
    { title: 'Cosy Cabin', description: 'Double bed, wood-panelled walls and a deck.', maxPeople: 2, factor: 1 },
    { title: 'Loft Cabin', description: 'A loft bedroom over a living room with a stove.', maxPeople: 4, factor: 1.55 },
    { title: 'Family Cabin', description: 'Two bedrooms and a large deck under the trees.', maxPeople: 5, factor: 2 },
  ],
};

/** Exterior pictures drawn per scene (kind and light); stays of a scene take turns. */
const EXTERIORS: Record<ExteriorKind, TimeOfDay[]> = {
  city: ['day', 'night', 'golden', 'dusk'],
  beach: ['day', 'golden', 'dusk'],
  villa: ['golden', 'day', 'dusk'],
  hills: ['day', 'golden'],
  mountain: ['day', 'dusk'],
};
const INTERIOR_COUNT = 6;

/**
 * A demo stay's state and GST registration (ADR 017, 022): every stay stands in its city's state; hotels, resorts
 * and villas are registered companies with a legal name and a GSTIN of that state (a made-up PAN of a company, its
 * check character right); cottages and cabins are small homestays under the registration threshold, whose bookings
 * the platform invoices under s.9(5).
 */
export function demoRegistration(s: Pick<SeedStay, 'name' | 'type' | 'city'>, index: number) {
  const state = stateOfCity(s.city);
  if (!state || s.type === 'Cottage' || s.type === 'Cabin') return { stateCode: state ?? null, legalName: '', gstin: null };
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const letter = (n: number) => letters[n % letters.length] as string;
  const entity = s.name.replace(/^The /, '');
  const pan = `${letter(index * 7 + 3)}${letter(index * 5 + 11)}${letter(index * 3 + 17)}C${entity[0]?.toUpperCase() ?? 'S'}${String(
    1000 + ((index * 379) % 9000),
  )}${letter(index * 13 + 1)}`;
  const first14 = `${state}${pan}1Z`;
  return { stateCode: state, legalName: `${entity} Hospitality Private Limited`, gstin: `${first14}${gstinCheckChar(first14)}` };
}

/** Prices end in 99, as Indian travel sites show them (₹3,499). */
const price = (rupees: number) => {
  const p = Math.max(1599, Math.min(24_999, Math.round(rupees / 100) * 100 - 1));
  // A price between two GST slabs can not be set (ADR 022): the nearest price ending in 99 below the band.
  const band = unslabbedBandOf(p, todayInIndia(), GST_ACCOMMODATION_RATES);
  return band ? Math.floor((band.from - 1) / 100) * 100 - 1 : p;
};

/** Runs tasks with at most `limit` in flight (image work uses the CPU's cores without flooding them). */
async function inPool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await (tasks[i] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** A picture being drawn (a JPEG, as a camera's upload) and, once the form has stored it, what the stays show. */
type Picture = { jpeg: Promise<Buffer>; stored?: ImageDto };

/** Starts drawing every picture (a few at a time: the image work uses the CPU's cores without flooding them). */
function drawPictures() {
  let running = 0;
  const queue: (() => void)[] = [];
  const draw = (svg: () => string): Picture => {
    const jpeg = new Promise<void>((start) => {
      if (running < 3) start();
      else queue.push(start);
      running++;
    })
      .then(() => renderJpeg(svg()))
      .finally(() => {
        running--;
        queue.shift()?.();
      });
    // A seed that fails before it uploads a picture leaves no rejection unhandled.
    jpeg.catch(() => undefined);
    return { jpeg };
  };
  const byKind = new Map<ExteriorKind, Picture[]>();
  for (const [kind, times] of Object.entries(EXTERIORS) as [ExteriorKind, TimeOfDay[]][])
    byKind.set(
      kind,
      times.map((time, i) => draw(() => exteriorSvg(kind, time, 11 + i * 31 + kind.length))),
    );
  const interiors = Array.from({ length: INTERIOR_COUNT }, (_, i) => draw(() => interiorSvg(7 + i * 13)));
  return { byKind, interiors };
}

/** The demo catalogue's pictures, drawn while the rest of the seed goes on (the stays that upload them wait for them). */
export type DemoPictures = ReturnType<typeof drawPictures>;
export const startDrawingPictures = (): DemoPictures => drawPictures();

/** A demo stay as its owner fills in the add-stay form (the pictures go as files). */
function stayForm(s: SeedStay, index: number) {
  const registration = demoRegistration(s, index);
  return {
    name: s.name,
    type: s.type,
    title: TYPE_NOTES[s.type].title,
    address: s.address,
    city: s.city,
    distance: s.distance,
    description: s.description,
    overview: `${TYPE_NOTES[s.type].overview} ${CITY_NOTES[s.city] ?? ''}`.trim(),
    lowestPrice: price(s.base),
    amenities: [...s.amenities].map((c) => AMENITY_CODES[c]).filter((a): a is Amenity => Boolean(a)),
    rating: s.rating,
    experience: experienceFor(s.rating),
    featured: s.featured ?? false,
    stateCode: registration.stateCode ?? '',
    legalName: registration.legalName,
    gstin: registration.gstin ?? '',
  };
}

/**
 * The one step the product has no form for: a demo stay shows pictures another demo stay uploaded (a scene is drawn
 * once and shared, which keeps the seed fast; deleting a stay keeps a picture another stay still shows).
 */
async function showSharedPictures(db: Db, stayId: string, hotelImage: ImageDto | null, roomImages: ImageDto[]) {
  await db.update(stays).set({ hotelImage, roomImages }).where(eq(stays.id, stayId));
}

/**
 * Seeds the demo catalogue through the admin's forms when the database has no stay at all (otherwise does nothing):
 * each stay is added as its owner (`adminToken`) adds one, with the pictures it is the first to show uploaded as
 * files, then its room types and room numbers. Returns the number of stays created.
 */
export async function seedCatalogue(call: SeedApi, db: Db, adminToken: string, pictures?: DemoPictures): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(stays);
  if (Number(existing?.n ?? 0) > 0) return 0;

  const { byKind, interiors } = pictures ?? drawPictures();
  const rng = randomFrom(20_26);
  // Featured stays take their scene's pictures first, so the home page's list shows no picture twice.
  const turn = new Map<ExteriorKind, number>();
  const pictureOf = new Map<SeedStay, Picture | null>();
  for (const s of [...CATALOGUE.filter((x) => x.featured), ...CATALOGUE.filter((x) => !x.featured)]) {
    const scene = s.scene ?? TYPE_NOTES[s.type].scene;
    const pictures = byKind.get(scene) ?? [];
    const n = turn.get(scene) ?? 0;
    turn.set(scene, n + 1);
    pictureOf.set(s, pictures[n % pictures.length] ?? null);
  }
  const plans = CATALOGUE.map((s, index) => {
    const roomCount = rng.int(3, 5);
    const roomImages = Array.from({ length: roomCount }, (_, k) => interiors[(index + k) % interiors.length] as Picture);
    const templates = ROOMS[s.type].slice(0, ROOMS[s.type].length === 3 && rng.next() < 0.3 ? 2 : 3);
    const roomCounts = templates.map(() => rng.int(3, 8));
    return { s, index, hotelImage: pictureOf.get(s) ?? null, roomImages, templates, roomCounts };
  });
  // Every picture is uploaded once, by the first stay (in this order) that shows it.
  const uploader = new Map<Picture, (typeof plans)[number]>();
  for (const p of plans) for (const pic of [p.hotelImage, ...p.roomImages]) if (pic && !uploader.has(pic)) uploader.set(pic, p);
  const uploads = (p: (typeof plans)[number]) => ({
    hotel: p.hotelImage && uploader.get(p.hotelImage) === p ? p.hotelImage : null,
    rooms: [...new Set(p.roomImages)].filter((pic) => uploader.get(pic) === p),
  });

  const created = await inPool(
    plans.map((p) => async () => {
      const { hotel, rooms } = uploads(p);
      const files = [
        ...(hotel ? [{ field: 'hotelImage', data: await hotel.jpeg }] : []),
        ...(await Promise.all(rooms.map(async (r) => ({ field: 'roomImages', data: await r.jpeg })))),
      ];
      const { stay } = await call<{ stay: StayDto }>('POST', '/api/admin/stays', {
        token: adminToken,
        form: formData(stayForm(p.s, p.index), files),
        expect: 201,
      });
      if (hotel) hotel.stored = stay.hotelImage ?? undefined;
      rooms.forEach((r, i) => {
        r.stored = stay.roomImages[i];
      });
      for (const [k, t] of p.templates.entries()) {
        const floor = k + 1;
        await call('POST', `/api/admin/stays/${stay.id}/room-types`, {
          token: adminToken,
          json: {
            title: t.title,
            description: t.description,
            price: price(p.s.base * t.factor),
            maxPeople: t.maxPeople,
            roomNumbers: Array.from({ length: p.roomCounts[k] ?? 3 }, (_, n) => floor * 100 + n + 1),
          },
          expect: 201,
        });
      }
      return { plan: p, stayId: stay.id, uploadedAll: Boolean(hotel || !p.hotelImage) && rooms.length === p.roomImages.length };
    }),
    4,
  );
  for (const { plan, stayId, uploadedAll } of created) {
    if (uploadedAll) continue;
    const shown = (pic: Picture) => {
      if (!pic.stored) throw new Error('seed: a shared picture was not stored');
      return pic.stored;
    };
    await showSharedPictures(db, stayId, plan.hotelImage ? shown(plan.hotelImage) : null, plan.roomImages.map(shown));
  }
  return CATALOGUE.length;
}
