import { zodResolver } from '@hookform/resolvers/zod';
import { Card, Checkbox, Group, Input, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { AMENITIES, STAY_TYPES } from '@repo/shared/constants/domain';
import { MSG } from '@repo/shared/constants/messages';
import { GST_STATES, isStateCode, isStateGstin, stateLabel, stateOfCity } from '@repo/shared/domain/gstin';
import { formatRupees } from '@repo/shared/domain/money';
import { canonicalCity, imageUrl, STAY_STATE_MSG, StayFields, type StayDto } from '@repo/shared/schemas/stay';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Control, type FieldErrors, type Path, type Resolver, useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MultiSelectField, NumberField, ownMessageOf, RupeesField, SelectField } from '@/components/form/controlled-fields';
import { FormActions } from '@/components/form/form-actions';
import { applyServerErrors } from '@/components/form/server-errors';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { DEFAULT_POLICY } from '@repo/shared/domain/cancellation';
import { PolicyFields } from '@/features/cancellation';
import { CANCEL_COPY } from '@/features/cancellation';
import { STAYS_COPY } from '../copy';
import { cityLabel } from '../city-label';
import classes from './file-field.module.css';
import { GuestRating } from './guest-rating';

const f = STAYS_COPY.form;
type Values = z.input<typeof StayFields>;
type Output = z.output<typeof StayFields>;

/** The states and union territories by name, for the State select (value: the GST state code). */
const STATE_OPTIONS = Object.entries(GST_STATES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** The state of a city the shared list knows ('Bangalore' → '29'), else ''. */
const stateOf = (city: string) => stateOfCity(canonicalCity(city)) ?? '';

/**
 * The state of a stay being edited: its own, or for a stay saved before states were asked, its city's, else its
 * GSTIN's (as the API's migration fills it).
 */
function savedState(stay: StayDto): string {
  const ofGstin = stay.gstin?.slice(0, 2) ?? '';
  return stay.stateCode || stateOf(stay.city) || (isStateCode(ofGstin) ? ofGstin : '');
}

const schemaResolver = zodResolver(StayFields);

/**
 * The shared schema checks the state (and the GSTIN's state) only once every other field is right; so that the
 * owner sees them with the rest, a failed check adds them (the schema's own messages) when they apply.
 */
const stayResolver: Resolver<Values, unknown, Output> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const errors: FieldErrors<Values> = result.errors;
  if (Object.keys(errors).length === 0) return result;
  const state = values.stateCode || stateOf(values.city ?? '');
  const gstin = (values.gstin ?? '').trim().toUpperCase();
  const extra: FieldErrors<Values> = {};
  if (!state && !errors.stateCode) extra.stateCode = { type: 'custom', message: STAY_STATE_MSG.required };
  if (state && isStateGstin(gstin) && !gstin.startsWith(state) && !errors.gstin)
    extra.gstin = { type: 'custom', message: STAY_STATE_MSG.gstinOfState(stateLabel(state)) };
  return { values: {}, errors: { ...errors, ...extra } };
};

/** Only image files may be chosen (the stay form's one rule besides the shared schema). */
export const isImageFile = (file: File) => file.type.startsWith('image/');

export type StayFormProps = {
  /** The stay being edited; absent when adding. */
  stay?: StayDto;
  submitLabel: string;
  /** Receives the multipart body; throw an ApiError to show its messages on the form. */
  onSubmit: (form: FormData) => Promise<unknown>;
  onCancel?: () => void;
  /**
   * The platform's admin (isPlatform) also sets whether the stay is featured; an owner does not (nor its rating,
   * which comes from reviews).
   */
  canFeature?: boolean;
};

const defaults = (stay?: StayDto): Values => ({
  name: stay?.name ?? '',
  type: stay?.type ?? 'Hotel',
  title: stay?.title ?? '',
  address: stay?.address ?? '',
  city: stay ? cityLabel(stay.city) : '',
  stateCode: stay ? savedState(stay) : '',
  distance: stay?.distance ?? 0,
  description: stay?.description ?? '',
  overview: stay?.overview ?? '',
  lowestPrice: stay?.lowestPrice ?? 0,
  amenities: stay?.amenities ?? [],
  legalName: stay?.legalName ?? '',
  gstin: stay?.gstin ?? '',
  cancellationFreeDays: stay?.cancellationPolicy?.freeDays ?? DEFAULT_POLICY.freeDays,
  cancellationRefundPercent: stay?.cancellationPolicy?.refundPercent ?? DEFAULT_POLICY.refundPercent,
});

const FIELDS = Object.keys(defaults()) as Path<Values>[];

/** The stay fields as multipart text fields (lists as JSON arrays), plus the chosen files and the platform's fields. */
export function buildStayFormData(
  values: Output,
  files: { hotelImage: File | null; roomImages: File[]; keepRoomImages?: string[] },
  platform: { featured?: boolean } = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...values, ...platform })) {
    // A field left empty (no GSTIN) is sent empty, which clears it.
    form.append(key, Array.isArray(value) ? JSON.stringify(value) : value === null || value === undefined ? '' : String(value));
  }
  if (files.keepRoomImages) form.append('keepRoomImages', JSON.stringify(files.keepRoomImages));
  if (files.hotelImage) form.append('hotelImage', files.hotelImage);
  for (const file of files.roomImages) form.append('roomImages', file);
  return form;
}

/** Add / edit stay form: every stay field, the stay image and room images with previews. */
export function StayForm({ stay, submitLabel, onSubmit, onCancel, canFeature = false }: StayFormProps) {
  const form = useForm<Values, unknown, Output>({ resolver: stayResolver, defaultValues: defaults(stay) });
  const { register, control, handleSubmit, setError, formState } = form;
  const [hotelImage, setHotelImage] = useState<File | null>(null);
  const [roomImages, setRoomImages] = useState<File[]>([]);
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [fileErrors, setFileErrors] = useState<{ hotelImage?: string; roomImages?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const [featured, setFeatured] = useState(stay?.featured ?? false);
  const err = (name: keyof Values) => ownMessageOf(formState.errors[name]);
  // The state follows the city the owner types (when the city is known) until the owner picks one; a saved state
  // other than its city's was picked.
  const stateChosen = useRef(Boolean(stay?.stateCode && stay.stateCode !== stateOf(stay.city)));
  const city = register('city', {
    onChange: (e: { target: { value: string } }) => {
      if (stateChosen.current) return;
      const code = stateOf(e.target.value);
      if (form.getValues('stateCode') !== code)
        form.setValue('stateCode', code, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    },
  });

  /** The chosen files when all are images; otherwise none, with the images-only message under the field. */
  const onlyImages = (name: keyof typeof fileErrors, files: File[]) => {
    const ok = files.every(isImageFile);
    setFileErrors((prev) => ({ ...prev, [name]: ok ? undefined : MSG.imagesOnly }));
    return ok ? files : [];
  };

  const submit = handleSubmit(async (values) => {
    setSubmitting(true);
    try {
      const keepRoomImages = stay ? stay.roomImages.map((i) => i.key).filter((k) => !removed.has(k)) : undefined;
      await onSubmit(buildStayFormData(values, { hotelImage, roomImages, keepRoomImages }, canFeature ? { featured } : {}));
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors) {
        for (const name of ['hotelImage', 'roomImages'] as const) {
          const message = e.fieldErrors[name];
          if (message) setFileErrors((prev) => ({ ...prev, [name]: message }));
        }
      }
      applyServerErrors(e, setError, FIELDS);
      toast.fromError(e, 'admin');
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="lg">
        <Section title={f.sectionDetails}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={f.name} withAsterisk {...register('name')} error={err('name')} />
            <SelectField control={control} name="type" label={f.type} withAsterisk data={STAY_TYPES} />
            <TextInput label={f.title} {...register('title')} error={err('title')} />
            <TextInput label={f.city} withAsterisk {...city} error={err('city')} />
            <TextInput label={f.address} withAsterisk {...register('address')} error={err('address')} />
            <StateField control={control} onPick={() => (stateChosen.current = true)} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
            <TextInput label={f.legalName} description={f.legalNameHint} {...register('legalName')} error={err('legalName')} />
            <TextInput
              label={f.gstin}
              description={f.gstinHint}
              maxLength={15}
              autoCapitalize="characters"
              {...register('gstin')}
              error={err('gstin')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
            <TextInput label={f.description} {...register('description')} error={err('description')} />
            <NumberField control={control} name="distance" label={f.distance} min={0} decimalScale={1} />
          </SimpleGrid>
          <Textarea mt="md" label={f.overview} rows={5} {...register('overview')} error={err('overview')} />
        </Section>

        <Section title={f.sectionPricing}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {/* Once the stay has room types, its lowest price is theirs: shown read-only, and the API keeps the entry. */}
            <RupeesField
              control={control}
              name="lowestPrice"
              label={f.lowestPrice}
              min={0}
              readOnly={stay?.lowestPriceFromRooms}
              variant={stay?.lowestPriceFromRooms ? 'filled' : undefined}
              description={stay?.lowestPriceFromRooms ? f.lowestPriceFromRooms(formatRupees(stay.lowestPrice)) : undefined}
            />
            {canFeature ? (
              <Select
                label={f.featured}
                description={f.featuredHint}
                data={[f.featuredTrue, f.featuredFalse]}
                value={featured ? f.featuredTrue : f.featuredFalse}
                onChange={(option) => setFeatured(option === f.featuredTrue)}
                allowDeselect={false}
              />
            ) : null}
          </SimpleGrid>
          {stay ? (
            <Group gap="xs" mt="sm" align="flex-start" wrap="nowrap" data-testid="rating-from-reviews">
              <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
                {f.guestsSee}
              </Text>
              <Stack gap={4}>
                <GuestRating stay={stay} />
                <Text size="sm" c="gray.7">
                  {f.ratingFromReviews}
                </Text>
              </Stack>
            </Group>
          ) : (
            <Text size="sm" c="gray.7" mt="sm">
              {f.ratingFromReviews}
            </Text>
          )}
          <MultiSelectField
            control={control}
            name="amenities"
            mt="md"
            label={f.amenities}
            placeholder={f.amenitiesPlaceholder}
            data={AMENITIES}
            clearable
          />
        </Section>

        <Section title={CANCEL_COPY.policy.title}>
          <PolicyFields control={control} />
        </Section>

        <Section title={f.sectionImages}>
          <Stack gap="lg">
            <div>
              <FileField
                label={f.hotelImage}
                description={f.hotelImageHint}
                error={fileErrors.hotelImage}
                onFiles={(files) => setHotelImage(onlyImages('hotelImage', files)[0] ?? null)}
              />
              {hotelImage ? (
                <Previews files={[hotelImage]} />
              ) : (
                stay?.hotelImage && (
                  <div className={classes.thumbs}>
                    <figure className={classes.thumb}>
                      <img src={imageUrl(stay.hotelImage.key, 'sm')} alt={f.currentHotelImage} />
                      <Text component="figcaption" size="xs" c="dimmed">
                        {f.currentHotelImage}
                      </Text>
                    </figure>
                  </div>
                )
              )}
            </div>
            <div>
              <FileField
                label={f.roomImages}
                description={f.roomImagesHint}
                multiple
                error={fileErrors.roomImages}
                onFiles={(files) => setRoomImages(onlyImages('roomImages', files))}
              />
              {roomImages.length > 0 && <Previews files={roomImages} />}
              {stay && stay.roomImages.length > 0 && (
                <>
                  <Text size="sm" fw={500} mt="md">
                    {f.currentRoomImages}
                  </Text>
                  <div className={classes.thumbs}>
                    {stay.roomImages.map((img, i) => {
                      const isRemoved = removed.has(img.key);
                      return (
                        <figure key={img.key} className={classes.thumb} data-removed={isRemoved || undefined}>
                          <img src={imageUrl(img.key, 'sm')} alt={f.currentAlt(i + 1)} width={img.width} height={img.height} />
                          <figcaption>
                            <Checkbox
                              size="xs"
                              label={`${f.remove} ${i + 1}`}
                              checked={isRemoved}
                              onChange={(e) => {
                                const next = new Set(removed);
                                if (e.currentTarget.checked) next.add(img.key);
                                else next.delete(img.key);
                                setRemoved(next);
                              }}
                            />
                          </figcaption>
                        </figure>
                      );
                    })}
                  </div>
                </>
              )}
            </div>
          </Stack>
        </Section>

        <FormActions submitLabel={submitLabel} pending={submitting} onCancel={onCancel} cancelLabel={f.cancel} />
      </Stack>
    </form>
  );
}

/** The state the stay stands in, by name; required (the place of supply of its nights). */
function StateField({ control, onPick }: { control: Control<Values, unknown, Output>; onPick: () => void }) {
  const { field, fieldState } = useController({ control, name: 'stateCode' });
  return (
    <Select
      label={f.state}
      description={f.stateHint}
      placeholder={f.statePlaceholder}
      withAsterisk
      searchable
      allowDeselect={false}
      nothingFoundMessage={f.stateNone}
      data={STATE_OPTIONS}
      name={field.name}
      ref={field.ref}
      value={field.value || null}
      onChange={(code) => {
        onPick();
        field.onChange(code ?? '');
      }}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** A native file input (accessible, keyboard-friendly) restricted to images. */
function FileField({
  label,
  description,
  error,
  multiple,
  onFiles,
}: {
  label: string;
  description: string;
  error?: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const id = useId();
  return (
    <Input.Wrapper label={label} description={description} error={error} id={id}>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple={multiple}
        className={classes.input}
        data-error={error ? true : undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : `${id}-description`}
        onChange={(e) => onFiles(Array.from(e.currentTarget.files ?? []))}
        style={{ marginTop: 6 }}
      />
    </Input.Wrapper>
  );
}

/** Thumbnails of files just chosen (object URLs, released when they change). */
function Previews({ files }: { files: File[] }) {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(
    () => () => {
      for (const u of urls) URL.revokeObjectURL(u);
    },
    [urls],
  );
  return (
    <div className={classes.thumbs}>
      {files.map((file, i) => (
        <figure key={urls[i]} className={classes.thumb}>
          <img src={urls[i]} alt={f.previewAlt(file.name)} />
          <Text component="figcaption" size="xs" c="dimmed" truncate>
            {file.name}
          </Text>
        </figure>
      ))}
    </div>
  );
}
