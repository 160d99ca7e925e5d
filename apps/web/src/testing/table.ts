import { screen, within } from '@testing-library/react';

/** The texts of the table's column headers, in order. */
export const headerTexts = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

/** The table's body rows (the header row left out). */
export const bodyRows = () => screen.getAllByRole('row').slice(1) as HTMLElement[];

/** The texts of a row's cells, in order. */
export const cellTexts = (row: HTMLElement | undefined) =>
  within(row as HTMLElement)
    .getAllByRole('cell')
    .map((c) => c.textContent);
