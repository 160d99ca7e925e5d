import type { UserDto } from '@repo/shared/schemas/auth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loadedQuery } from '@/testing/list-query';
import { renderUi } from '@/testing/render';
import { bodyRows, cardFields, cellTexts, headerTexts, inTable, rowCards } from '@/testing/table';
import { ADMIN_USERS_COPY } from '../copy';
import { UsersTable } from './users-table';

const user = (n: number, isAdmin = false): UserDto => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  email: `user${n}@example.com`,
  mobile: `98765432${n}0`,
  isAdmin,
  isPlatform: false,
  isLoggedIn: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const renderTable = (users: UserDto[], currentUserId?: string) => {
  const onDelete = vi.fn(async () => {});
  renderUi(<UsersTable users={loadedQuery(users)} onDelete={onDelete} currentUserId={currentUserId} />);
  return onDelete;
};

describe('UsersTable', () => {
  it('shows the spec columns with IsAdmin as Yes/No and an edit link per user', () => {
    renderTable([user(1, true), user(2)]);
    expect(headerTexts()).toEqual(['S.No', 'Name', 'Email', 'Mobile', 'IsAdmin', 'Actions']);
    const [first, second] = bodyRows();
    expect(cellTexts(first).slice(0, 5)).toEqual(['1', 'First1 Last1', 'user1@example.com', '9876543210', 'Yes']);
    expect(cellTexts(second)[4]).toBe('No');
    expect(within(second as HTMLElement).getByRole('link', { name: /Edit/ })).toHaveAttribute(
      'href',
      '/admin/edituser/00000000-0000-4000-8000-000000000002',
    );
  });

  it('shows an empty state', () => {
    renderTable([]);
    expect(screen.getByText(ADMIN_USERS_COPY.empty)).toBeInTheDocument();
  });

  it('confirms before deleting, and offers no delete on the admin’s own row', async () => {
    const onDelete = renderTable([user(1, true), user(2)], user(1).id);
    expect(inTable().queryByRole('button', { name: `${ADMIN_USERS_COPY.delete}: First1 Last1` })).not.toBeInTheDocument();
    await userEvent.click(inTable().getByRole('button', { name: `${ADMIN_USERS_COPY.delete}: First2 Last2` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('First2 Last2');
    await userEvent.click(within(dialog).getByRole('button', { name: ADMIN_USERS_COPY.confirmYes }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: user(2).id })));
  });

  it('on a phone, shows every column and both buttons of each user in a card', async () => {
    const onDelete = renderTable([user(1, true), user(2)], user(1).id);
    const [mine, other] = rowCards() as [HTMLElement, HTMLElement];
    expect(cardFields(other)).toEqual([
      'S.No: 2',
      'Name: First2 Last2',
      'Email: user2@example.com',
      'Mobile: 9876543220',
      'IsAdmin: No',
    ]);
    expect(cardFields(mine)[4]).toBe('IsAdmin: Yes');
    expect(within(other).getByRole('link', { name: 'Edit: First2 Last2' })).toHaveAttribute(
      'href',
      '/admin/edituser/00000000-0000-4000-8000-000000000002',
    );
    expect(within(mine).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    await userEvent.click(within(other).getByRole('button', { name: 'Delete: First2 Last2' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: ADMIN_USERS_COPY.confirmYes }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: user(2).id })));
  });
});
