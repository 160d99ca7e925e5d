import 'react-date-range/dist/styles.css';
import 'react-date-range/dist/theme/default.css';
import { isoToLocalDate, localDateToIso } from '@repo/shared/domain/dates';
import { DateRangePicker, type InputRange, type RangeKeyDict, type StaticRange } from 'react-date-range';
import { useEffect, useRef } from 'react';
import { searchCopy } from '../copy';
import {
  calendarBounds,
  type DateRange,
  daysStartingToday,
  daysStartingTodayValue,
  normalizeRange,
  type QuickRangeKey,
  quickRange,
} from '../date-range';
import classes from './date-range-picker.module.css';

export type StayDateRangePickerProps = {
  value: DateRange;
  onChange: (range: DateRange) => void;
  today: string;
  /** Two months side by side on wide screens, one on phones. */
  months: 1 | 2;
};

const BRAND = '#1c64d9';
const toRange = (r: DateRange) => ({
  startDate: isoToLocalDate(r.checkIn),
  endDate: isoToLocalDate(r.checkOut),
  key: 'selection',
});

/**
 * The spec's calendar (react-date-range's DateRangePicker, loaded only when opened): first click sets the start,
 * second click the end, an end before the start swaps, past days are disabled. Quick ranges for a future stay only.
 */
export default function StayDateRangePicker({ value, onChange, today, months }: StayDateRangePickerProps) {
  const bounds = calendarBounds(today);
  const quick = (label: string, key: QuickRangeKey): StaticRange => ({
    label,
    range: () => toRange(quickRange(key, today)),
    isSelected: (r) => {
      const q = quickRange(key, today);
      return (
        !!r.startDate && !!r.endDate && localDateToIso(r.startDate) === q.checkIn && localDateToIso(r.endDate) === q.checkOut
      );
    },
  });
  const staticRanges = [
    quick(searchCopy.ranges.today, 'today'),
    quick(searchCopy.ranges.thisWeek, 'thisWeek'),
    quick(searchCopy.ranges.thisMonth, 'thisMonth'),
  ];
  const inputRanges: InputRange[] = [
    {
      label: searchCopy.ranges.daysStartingToday,
      range: (v: number) => toRange(daysStartingToday(v, today)),
      getCurrentValue: (r) =>
        r.startDate && r.endDate
          ? (daysStartingTodayValue({ checkIn: localDateToIso(r.startDate), checkOut: localDateToIso(r.endDate) }, today) ?? '-')
          : '-',
    },
  ];

  // The picker's number input has a visible text but no label of its own: name it for screen readers.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const input of root.current?.querySelectorAll('.rdrInputRangeInput') ?? [])
      input.setAttribute('aria-label', searchCopy.ranges.daysInput);
  });

  return (
    <div className={classes.picker} ref={root}>
      <DateRangePicker
        ranges={[toRange(value)]}
        onChange={(item: RangeKeyDict) => {
          const s = item.selection;
          if (!s?.startDate || !s.endDate) return;
          onChange(normalizeRange(localDateToIso(s.startDate), localDateToIso(s.endDate), bounds));
        }}
        minDate={isoToLocalDate(bounds.minDate)}
        maxDate={isoToLocalDate(bounds.maxDate)}
        staticRanges={staticRanges}
        inputRanges={inputRanges}
        months={months}
        direction="horizontal"
        moveRangeOnFirstSelection={false}
        retainEndDateOnFirstSelection={false}
        showMonthAndYearPickers
        rangeColors={[BRAND]}
        color={BRAND}
        weekStartsOn={1}
        dateDisplayFormat="dd/MM/yyyy"
        startDatePlaceholder={searchCopy.ranges.checkIn}
        endDatePlaceholder={searchCopy.ranges.checkOut}
        ariaLabels={{
          dateInput: { selection: { startDate: searchCopy.ranges.checkIn, endDate: searchCopy.ranges.checkOut } },
          monthPicker: searchCopy.ranges.month,
          yearPicker: searchCopy.ranges.year,
          prevButton: searchCopy.ranges.previousMonth,
          nextButton: searchCopy.ranges.nextMonth,
        }}
      />
    </div>
  );
}
