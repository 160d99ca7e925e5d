import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { COUNTRY_CODES, countryName } from '@repo/shared/constants/countries';
import {
  FORM_C_LIMITS,
  FORM_C_SEXES,
  FORM_C_WORDS,
  type FormCDetails,
  FormCInput,
  VISA_TYPES,
  VISIT_PURPOSES,
} from '@repo/shared/schemas/form-c';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { DisplayDateInput } from '@/components/form/display-date-input';
import { ApiError } from '@/lib/api-client';
import { common } from '@/copy/common';
import { toast } from '@/lib/notify';
import { useSaveFormC } from '../api/form-c';
import { FORM_C_COPY } from '../copy';

const c = FORM_C_COPY.form;

const COUNTRIES = COUNTRY_CODES.map((value) => ({ value, label: countryName(value) })).sort((a, b) =>
  a.label.localeCompare(b.label),
);
const FOREIGN = COUNTRIES.filter((o) => o.value !== 'IN');
const options = <K extends string>(keys: readonly K[], words: Record<K, string>) =>
  keys.map((value) => ({ value, label: words[value] }));
const SEXES = options(FORM_C_SEXES, FORM_C_WORDS.sex);
const VISAS = options(VISA_TYPES, FORM_C_WORDS.visaType);
const PURPOSES = options(VISIT_PURPOSES, FORM_C_WORDS.purpose);

type Fields = {
  surname: string;
  givenNames: string;
  sex: string;
  dateOfBirth: string;
  nationality: string;
  passportNumber: string;
  passportPlaceOfIssue: string;
  passportIssuedOn: string;
  passportExpiresOn: string;
  visaType: string;
  visaNumber: string;
  visaPlaceOfIssue: string;
  visaIssuedOn: string;
  visaExpiresOn: string;
  arrivedInIndiaOn: string;
  arrivedFromPlace: string;
  arrivedFromCountry: string;
  nextPlace: string;
  nextCountry: string;
  purpose: string;
  addressAbroad: string;
};

const EMPTY: Fields = {
  surname: '',
  givenNames: '',
  sex: '',
  dateOfBirth: '',
  nationality: '',
  passportNumber: '',
  passportPlaceOfIssue: '',
  passportIssuedOn: '',
  passportExpiresOn: '',
  visaType: '',
  visaNumber: '',
  visaPlaceOfIssue: '',
  visaIssuedOn: '',
  visaExpiresOn: '',
  arrivedInIndiaOn: '',
  arrivedFromPlace: '',
  arrivedFromCountry: '',
  nextPlace: '',
  nextCountry: 'IN',
  purpose: '',
  addressAbroad: '',
};

const fieldsOf = (d: FormCDetails): Fields => ({
  ...d,
  arrivedFromPlace: d.arrivedFrom.place,
  arrivedFromCountry: d.arrivedFrom.country,
  nextPlace: d.nextDestination.place,
  nextCountry: d.nextDestination.country,
});

/** The API's field names (arrivedFrom.place) as this form's. */
const FIELD_OF: Record<string, keyof Fields> = {
  'arrivedFrom.place': 'arrivedFromPlace',
  'arrivedFrom.country': 'arrivedFromCountry',
  'nextDestination.place': 'nextPlace',
  'nextDestination.country': 'nextCountry',
};
const fieldOfPath = (path: string) => FIELD_OF[path] ?? path;

/**
 * One foreign guest's Form C in a dialog: who they are, their passport, their visa or OCI card and their travel, as
 * the Bureau of Immigration's form asks; checked as typed by the shared schema, and by the API again.
 */
export function FormCDialog({
  bookingId,
  editing,
  opened,
  onClose,
}: {
  bookingId: string;
  /** The report corrected, with its details; null to add one. */
  editing: { id: string; details: FormCDetails } | null;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={editing ? c.editTitle : c.addTitle}
      closeButtonProps={{ 'aria-label': common.actions.close }}
    >
      {opened && <FormCForm key={editing?.id ?? 'new'} bookingId={bookingId} editing={editing} onDone={onClose} />}
    </Modal>
  );
}

function FormCForm({
  bookingId,
  editing,
  onDone,
}: {
  bookingId: string;
  editing: { id: string; details: FormCDetails } | null;
  onDone: () => void;
}) {
  const save = useSaveFormC(bookingId);
  const [f, setF] = useState<Fields>(editing ? fieldsOf(editing.details) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A field changed loses the message it had: the next save checks it again.
  const set = (k: keyof Fields) => (v: string | null) => {
    setF((old) => ({ ...old, [k]: v ?? '' }));
    setErrors(({ [k]: _, ...rest }) => rest);
  };
  const text = (k: keyof Fields, label: string, max: number = FORM_C_LIMITS.placeMax) => ({
    label,
    value: f[k],
    maxLength: max,
    required: true,
    onChange: (e: { currentTarget: { value: string } }) => set(k)(e.currentTarget.value),
    error: errors[k],
  });
  const date = (k: keyof Fields, label: string) => ({
    label,
    value: f[k],
    required: true,
    placeholder: 'dd/mm/yyyy',
    onChange: set(k),
    error: errors[k],
  });
  const select = (k: keyof Fields, label: string, data: { value: string; label: string }[]) => ({
    label,
    data,
    value: f[k] || null,
    required: true,
    searchable: data.length > 10,
    placeholder: c.choose,
    onChange: set(k),
    error: errors[k],
    comboboxProps: { withinPortal: true, zIndex: 400 },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      surname: f.surname,
      givenNames: f.givenNames,
      sex: f.sex,
      dateOfBirth: f.dateOfBirth,
      nationality: f.nationality,
      passportNumber: f.passportNumber,
      passportPlaceOfIssue: f.passportPlaceOfIssue,
      passportIssuedOn: f.passportIssuedOn,
      passportExpiresOn: f.passportExpiresOn,
      visaType: f.visaType,
      visaNumber: f.visaNumber,
      visaPlaceOfIssue: f.visaPlaceOfIssue,
      visaIssuedOn: f.visaIssuedOn,
      visaExpiresOn: f.visaExpiresOn,
      arrivedInIndiaOn: f.arrivedInIndiaOn,
      arrivedFrom: { place: f.arrivedFromPlace, country: f.arrivedFromCountry },
      nextDestination: { place: f.nextPlace, country: f.nextCountry },
      purpose: f.purpose,
      addressAbroad: f.addressAbroad,
    };
    const checked = FormCInput.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[fieldOfPath(issue.path.join('.'))] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { id: editing?.id ?? null, body: checked.data },
      {
        onSuccess: () => {
          toast.success(c.saved, 'admin');
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fieldErrors)
            setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [fieldOfPath(k), v])));
          toast.error(err.message, 'admin');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? c.editTitle : c.addTitle}>
      <Stack gap="md">
        <Title order={3} fz="md">
          {c.person}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...text('surname', c.surname, FORM_C_LIMITS.nameMax)} autoComplete="off" />
          <TextInput {...text('givenNames', c.givenNames, FORM_C_LIMITS.nameMax)} autoComplete="off" />
          <Select {...select('sex', c.sex, SEXES)} />
          <DisplayDateInput {...date('dateOfBirth', c.dateOfBirth)} />
          <Select {...select('nationality', c.nationality, FOREIGN)} />
        </SimpleGrid>
        <Title order={3} fz="md">
          {c.passportTitle}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...text('passportNumber', c.passportNumber, 24)} autoComplete="off" />
          <TextInput {...text('passportPlaceOfIssue', c.placeOfIssue)} />
          <DisplayDateInput {...date('passportIssuedOn', c.issuedOn)} />
          <DisplayDateInput {...date('passportExpiresOn', c.expiresOn)} />
        </SimpleGrid>
        <Title order={3} fz="md">
          {c.visaTitle}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select {...select('visaType', c.visaType, VISAS)} />
          <TextInput {...text('visaNumber', c.visaNumber, 24)} autoComplete="off" />
          <TextInput {...text('visaPlaceOfIssue', c.placeOfIssue)} />
          <DisplayDateInput {...date('visaIssuedOn', c.issuedOn)} />
          <DisplayDateInput {...date('visaExpiresOn', c.expiresOn)} />
        </SimpleGrid>
        <Title order={3} fz="md">
          {c.travelTitle}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DisplayDateInput {...date('arrivedInIndiaOn', c.arrivedInIndiaOn)} />
          <Select {...select('purpose', c.purpose, PURPOSES)} />
          <TextInput {...text('arrivedFromPlace', c.arrivedFrom)} />
          <Select {...select('arrivedFromCountry', c.arrivedFromCountry, COUNTRIES)} />
          <TextInput {...text('nextPlace', c.nextDestination)} />
          <Select {...select('nextCountry', c.nextDestinationCountry, COUNTRIES)} />
        </SimpleGrid>
        <Textarea {...text('addressAbroad', c.addressAbroad, FORM_C_LIMITS.addressMax)} autosize minRows={2} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {c.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {c.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
