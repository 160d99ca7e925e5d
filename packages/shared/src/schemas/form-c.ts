import { z } from 'zod';
import { COUNTRY_CODES } from '../constants/countries.ts';
import { todayInIndia } from '../domain/dates.ts';
import { Id, IsoDate } from './common.ts';

/**
 * Form C — since 1 September 2025 Form III of the Immigration and Foreigners Rules, 2025 (rule 17, under s.8(1) of
 * the Immigration and Foreigners Act, 2025): what a stay reports of each foreign guest, OCI cardholders included,
 * within 24 hours of their arrival (ADR 067).
 */
export const FORM_C_LIMITS = {
  nameMax: 80,
  placeMax: 60,
  addressMax: 200,
  referenceMax: 60,
  /** Hours after the guest's arrival at the stay within which the report is due. */
  dueHours: 24,
  pageSize: 20,
} as const;

export const VISA_TYPES = [
  'e_tourist',
  'tourist',
  'e_business',
  'business',
  'e_medical',
  'medical',
  'e_conference',
  'conference',
  'employment',
  'student',
  'research',
  'journalist',
  'transit',
  'entry',
  'oci',
  'other',
] as const;
export type VisaType = (typeof VISA_TYPES)[number];

export const VISIT_PURPOSES = [
  'tourism',
  'business',
  'medical',
  'conference',
  'employment',
  'study',
  'family',
  'transit',
  'other',
] as const;
export type VisitPurpose = (typeof VISIT_PURPOSES)[number];

export const FORM_C_SEXES = ['female', 'male', 'other'] as const;

/** The words of the form's choices, as the desk, the printed form and the CSV say them. */
export const FORM_C_WORDS = {
  visaType: {
    e_tourist: 'e-Tourist visa',
    tourist: 'Tourist visa',
    e_business: 'e-Business visa',
    business: 'Business visa',
    e_medical: 'e-Medical visa',
    medical: 'Medical visa',
    e_conference: 'e-Conference visa',
    conference: 'Conference visa',
    employment: 'Employment visa',
    student: 'Student visa',
    research: 'Research visa',
    journalist: 'Journalist visa',
    transit: 'Transit visa',
    entry: 'Entry visa',
    oci: 'OCI card',
    other: 'Other visa',
  } satisfies Record<VisaType, string>,
  purpose: {
    tourism: 'Tourism',
    business: 'Business',
    medical: 'Medical treatment',
    conference: 'Conference',
    employment: 'Employment',
    study: 'Study',
    family: 'Visiting family or friends',
    transit: 'Transit',
    other: 'Other',
  } satisfies Record<VisitPurpose, string>,
  sex: { female: 'Female', male: 'Male', other: 'Other' } satisfies Record<(typeof FORM_C_SEXES)[number], string>,
  status: { due: 'Due', overdue: 'Overdue', submitted: 'Submitted' },
} as const;

export const FORM_C_MSG = {
  surnameRequired: 'Surname is required',
  givenNamesRequired: 'Given names are required',
  nameTooLong: `A name can not exceed ${FORM_C_LIMITS.nameMax} characters`,
  sexInvalid: 'Choose female, male or other',
  birthInFuture: 'Date of birth must be before today',
  nationalityInvalid: 'Choose the country of the passport',
  indianNational: "Form C is for foreign nationals: an Indian national's ID is recorded at check-in",
  passportInvalid: 'Passport number must be 5 to 20 letters and digits',
  visaInvalid: 'Visa or OCI card number must be 5 to 20 letters and digits',
  visaTypeInvalid: 'Choose the visa type',
  placeRequired: 'Place is required',
  placeTooLong: `A place can not exceed ${FORM_C_LIMITS.placeMax} characters`,
  countryInvalid: 'Choose a country',
  issuedInFuture: 'Date of issue can not be after today',
  expiryBeforeIssue: 'Date of expiry must be after the date of issue',
  arrivalInFuture: 'Date of arrival in India can not be after today',
  purposeInvalid: 'Choose the purpose of the visit',
  addressRequired: 'Address abroad is required',
  addressTooLong: `The address can not exceed ${FORM_C_LIMITS.addressMax} characters`,
  referenceRequired: 'The submission reference is required',
  referenceTooLong: `The reference can not exceed ${FORM_C_LIMITS.referenceMax} characters`,
} as const;

const text = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });
const documentNumber = (error: string) =>
  z
    .string({ error })
    .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{5,20}$/, { error }));
const Country = z.enum(COUNTRY_CODES, { error: FORM_C_MSG.countryInvalid });
const notAfterToday = (error: string) => IsoDate.refine((d) => d <= todayInIndia(), { error });
const Place = z.object({
  place: text(FORM_C_LIMITS.placeMax, FORM_C_MSG.placeRequired, FORM_C_MSG.placeTooLong),
  country: Country,
});

/** One foreign guest's Form C, as the desk types it (numbers spaced or in lower case are written as printed). */
export const FormCInput = z
  .object({
    surname: text(FORM_C_LIMITS.nameMax, FORM_C_MSG.surnameRequired, FORM_C_MSG.nameTooLong),
    givenNames: text(FORM_C_LIMITS.nameMax, FORM_C_MSG.givenNamesRequired, FORM_C_MSG.nameTooLong),
    sex: z.enum(FORM_C_SEXES, { error: FORM_C_MSG.sexInvalid }),
    dateOfBirth: IsoDate.refine((d) => d < todayInIndia(), { error: FORM_C_MSG.birthInFuture }),
    nationality: z
      .enum(COUNTRY_CODES, { error: FORM_C_MSG.nationalityInvalid })
      .refine((c) => c !== 'IN', { error: FORM_C_MSG.indianNational }),
    passportNumber: documentNumber(FORM_C_MSG.passportInvalid),
    passportPlaceOfIssue: text(FORM_C_LIMITS.placeMax, FORM_C_MSG.placeRequired, FORM_C_MSG.placeTooLong),
    passportIssuedOn: notAfterToday(FORM_C_MSG.issuedInFuture),
    passportExpiresOn: IsoDate,
    visaType: z.enum(VISA_TYPES, { error: FORM_C_MSG.visaTypeInvalid }),
    visaNumber: documentNumber(FORM_C_MSG.visaInvalid),
    visaPlaceOfIssue: text(FORM_C_LIMITS.placeMax, FORM_C_MSG.placeRequired, FORM_C_MSG.placeTooLong),
    visaIssuedOn: notAfterToday(FORM_C_MSG.issuedInFuture),
    visaExpiresOn: IsoDate,
    arrivedInIndiaOn: notAfterToday(FORM_C_MSG.arrivalInFuture),
    arrivedFrom: Place,
    nextDestination: Place,
    purpose: z.enum(VISIT_PURPOSES, { error: FORM_C_MSG.purposeInvalid }),
    addressAbroad: text(FORM_C_LIMITS.addressMax, FORM_C_MSG.addressRequired, FORM_C_MSG.addressTooLong),
  })
  .superRefine((v, ctx) => {
    if (v.passportExpiresOn <= v.passportIssuedOn)
      ctx.addIssue({ code: 'custom', path: ['passportExpiresOn'], message: FORM_C_MSG.expiryBeforeIssue });
    if (v.visaExpiresOn <= v.visaIssuedOn)
      ctx.addIssue({ code: 'custom', path: ['visaExpiresOn'], message: FORM_C_MSG.expiryBeforeIssue });
  });
export type FormCInput = z.infer<typeof FormCInput>;

export const FormCSubmitted = z.object({
  reference: text(FORM_C_LIMITS.referenceMax, FORM_C_MSG.referenceRequired, FORM_C_MSG.referenceTooLong),
});

export const FORM_C_STATUSES = ['due', 'overdue', 'submitted'] as const;
export type FormCStatus = (typeof FORM_C_STATUSES)[number];

/** A report as lists show it: the guest's documents masked (the last four characters of each number). */
export const FormCSummary = z.object({
  id: Id,
  bookingId: Id,
  stayId: Id,
  hotelName: z.string(),
  /** Empty once the details are erased, a year after the guest's departure. */
  guestName: z.string(),
  nationality: z.string(),
  passport: z.string().nullable(),
  visaType: z.enum(VISA_TYPES).nullable(),
  arrivedAt: z.iso.datetime(),
  dueAt: z.iso.datetime(),
  submittedAt: z.iso.datetime().nullable(),
  reference: z.string().nullable(),
  status: z.enum(FORM_C_STATUSES),
  erasedAt: z.iso.datetime().nullable(),
  eraseOn: IsoDate,
});
export type FormCSummary = z.infer<typeof FormCSummary>;

const PlaceDto = z.object({ place: z.string(), country: z.string() });
/** A report's details as stored and sent (checked when typed: FormCInput). */
export const FormCDetails = z.object({
  surname: z.string(),
  givenNames: z.string(),
  sex: z.enum(FORM_C_SEXES),
  dateOfBirth: z.string(),
  nationality: z.string(),
  passportNumber: z.string(),
  passportPlaceOfIssue: z.string(),
  passportIssuedOn: z.string(),
  passportExpiresOn: z.string(),
  visaType: z.enum(VISA_TYPES),
  visaNumber: z.string(),
  visaPlaceOfIssue: z.string(),
  visaIssuedOn: z.string(),
  visaExpiresOn: z.string(),
  arrivedInIndiaOn: z.string(),
  arrivedFrom: PlaceDto,
  nextDestination: PlaceDto,
  purpose: z.enum(VISIT_PURPOSES),
  addressAbroad: z.string(),
});
export type FormCDetails = z.infer<typeof FormCDetails>;

/** A report whole, for the printed form and the CSV (the owner's and their desk's only). */
export const FormCFull = z.object({
  summary: FormCSummary,
  details: FormCDetails.nullable(),
  stay: z.object({ name: z.string(), address: z.string(), city: z.string(), state: z.string() }),
  checkIn: IsoDate,
  checkOut: IsoDate,
});
export type FormCFull = z.infer<typeof FormCFull>;

export const FormCList = z.object({
  reports: z.array(FormCSummary),
  /** Reports not yet marked submitted, and those of them past their 24 hours (the dashboard's reminder). */
  open: z.number().int(),
  overdue: z.number().int(),
  total: z.number().int(),
});
export type FormCList = z.infer<typeof FormCList>;

export const FormCListQuery = z.object({
  state: z.enum(['open', 'all'], { error: 'State must be open or all' }).default('open'),
  page: z.coerce.number({ error: 'Page must be a whole number from 1' }).int().min(1).max(10_000).default(1),
});

export const FormCOfBooking = z.object({ reports: z.array(FormCSummary) });
export const FormCResult = z.object({ report: FormCSummary });

/** The last four characters of a document number, the rest hidden. */
export const maskNumber = (n: string) => `••••${n.slice(-4)}`;
