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

/** Queries inside the table (an admin list also renders its phone cards, hidden by CSS from the `sm` width up). */
export const inTable = () => within(screen.getByRole('table'));

/** The phone cards of an admin list (one per row), each with its label/value pairs and buttons. */
export const rowCards = () => screen.getAllByTestId('admin-row-card');

/** A phone card's fields as 'label: value' texts, in order. */
export const cardFields = (card: HTMLElement) =>
  Array.from(card.querySelectorAll('dt')).map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
