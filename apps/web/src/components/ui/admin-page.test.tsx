import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    const order = ['Back', 'Rooms List', 'Add Room', 'content'].map((t) => screen.getByText(t));
    for (let i = 1; i < order.length; i++) {
      expect((order[i - 1] as Node).compareDocumentPosition(order[i] as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
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
