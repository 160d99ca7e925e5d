import { Button, Chip, Group, RangeSlider, Select, Stack, Text } from '@mantine/core';
import { AMENITIES, STAY_TYPES } from '@repo/shared/constants/domain';
import { formatRupees } from '@repo/shared/domain/money';
import { isOneOf } from '@repo/shared/domain/one-of';
import { SEARCH_SORTS } from '@repo/shared/constants/domain';
import { useEffect, useState } from 'react';
import { searchCopy } from '../copy';
import { DEFAULT_FILTERS, type SearchFilters } from '../search-params';

const f = searchCopy.filters;
/** The price slider's range, in rupees per night; its top end means 'no upper limit'. */
export const PRICE_MAX = 20_000;
const PRICE_STEP = 500;
const RATINGS = [6, 7, 8, 9];

export const hasActiveFilters = (v: SearchFilters) =>
  v.type !== null || v.amenities.length > 0 || v.minPrice !== null || v.maxPrice !== null || v.minRating !== null;

/** Type, amenities (all must match), price range and minimum rating, plus the sort. Each change starts at page 1. */
export function SearchFiltersPanel({ value, onChange }: { value: SearchFilters; onChange: (next: SearchFilters) => void }) {
  const set = (patch: Partial<SearchFilters>) => onChange({ ...value, ...patch, page: 1 });
  const [price, setPrice] = useState<[number, number]>([value.minPrice ?? 0, value.maxPrice ?? PRICE_MAX]);
  useEffect(() => setPrice([value.minPrice ?? 0, value.maxPrice ?? PRICE_MAX]), [value.minPrice, value.maxPrice]);

  return (
    <Stack gap="lg">
      <Select
        label={f.sort}
        data={SEARCH_SORTS.map((s) => ({ value: s, label: searchCopy.sorts[s] }))}
        value={value.sort}
        onChange={(v) => set({ sort: isOneOf(SEARCH_SORTS, v) ? v : DEFAULT_FILTERS.sort })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={f.type}
        data={[{ value: '', label: f.anyType }, ...STAY_TYPES.map((t) => ({ value: t, label: t }))]}
        value={value.type ?? ''}
        onChange={(v) => set({ type: isOneOf(STAY_TYPES, v) ? v : null })}
        allowDeselect={false}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="filter-price-label">
          {f.price}
        </Text>
        <Text size="sm" c="dimmed" aria-live="polite">
          {price[0] === 0 && price[1] === PRICE_MAX
            ? f.anyPrice
            : `${formatRupees(price[0])} – ${price[1] === PRICE_MAX ? `${formatRupees(PRICE_MAX)}+` : formatRupees(price[1])}`}
        </Text>
        <RangeSlider
          min={0}
          max={PRICE_MAX}
          step={PRICE_STEP}
          minRange={PRICE_STEP}
          value={price}
          onChange={setPrice}
          onChangeEnd={([lo, hi]) => set({ minPrice: lo > 0 ? lo : null, maxPrice: hi < PRICE_MAX ? hi : null })}
          label={(v) => formatRupees(v)}
          thumbFromLabel={f.priceFrom}
          thumbToLabel={f.priceTo}
          aria-labelledby="filter-price-label"
          mx={4}
        />
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={500} id="filter-rating-label">
          {f.rating}
        </Text>
        <Chip.Group
          value={value.minRating === null ? 'any' : String(value.minRating)}
          onChange={(v) => set({ minRating: v === 'any' ? null : Number(v) })}
        >
          <Group gap={6} role="radiogroup" aria-labelledby="filter-rating-label">
            <Chip value="any" size="sm" type="radio">
              {f.anyRating}
            </Chip>
            {RATINGS.map((r) => (
              <Chip key={r} value={String(r)} size="sm" type="radio">
                {f.ratingAtLeast(r)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={500} id="filter-amenities-label">
          {f.amenities}
        </Text>
        <Chip.Group multiple value={value.amenities} onChange={(v) => set({ amenities: v.filter((a) => isOneOf(AMENITIES, a)) })}>
          <Group gap={6} role="group" aria-labelledby="filter-amenities-label">
            {AMENITIES.map((a) => (
              <Chip key={a} value={a} size="sm">
                {a}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      {hasActiveFilters(value) ? (
        <Button variant="subtle" onClick={() => onChange({ ...DEFAULT_FILTERS, sort: value.sort })}>
          {searchCopy.results.clearFilters}
        </Button>
      ) : null}
    </Stack>
  );
}
