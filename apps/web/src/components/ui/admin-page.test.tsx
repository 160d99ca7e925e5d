import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectInDocumentOrder } from '@/testing/order';
import { renderUi } from '@/testing/render';
import { AdminPage } from './admin-page';

describe('AdminPage', () => {
  it('shows one h1 with its subtitle, the back link above and the action beside it, then the content', () => {
    renderUi(
      <AdminPage
        size="sm"
        title="Rooms List"
        subtitle="Room numbers of Sea Breeze"
        back={<a href="/back">Back</a>}
        action={<button type="button">Add Room</button>}
      >
        <p>content</p>
      </AdminPage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Rooms List' })).toBeInTheDocument();
    expect(screen.getByText('Room numbers of Sea Breeze')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Room' })).toBeInTheDocument();
    expectInDocumentOrder(...['Back', 'Rooms List', 'Add Room', 'content'].map((t) => screen.getByText(t)));
  });

  it('leaves the subtitle out when there is none', () => {
    renderUi(
      <AdminPage size="sm" title="Edit User">
        <p>form</p>
      </AdminPage>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Edit User' });
    expect(heading.parentElement?.querySelectorAll('p')).toHaveLength(0);
  });
});
