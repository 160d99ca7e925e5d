import { todayInIndia } from '@repo/shared/domain/dates';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import DocumentsScreen from './documents';

const empty = { body: { documents: [], total: 0, page: 1, pageSize: 20 } };

describe('/admin/documents', () => {
  it('shows this month unless the URL names another, and keeps the filters in the URL', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi({ 'GET /api/admin/stays': { body: { stays: [] } }, 'GET /api/admin/documents': empty });
    const { unmount } = renderRoute(<DocumentsScreen />, {
      path: '/admin/documents',
      at: '/admin/documents?month=2099-01&kind=bogus',
    });
    expect(await screen.findByRole('heading', { name: 'Documents' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/admin/documents')).toHaveLength(1));
    let query = api.callsTo('GET /api/admin/documents')[0]?.url.searchParams;
    expect(query?.get('month')).toBe(todayInIndia().slice(0, 7));
    expect(query?.has('kind')).toBe(false);
    unmount();

    renderRoute(<DocumentsScreen />, { path: '/admin/documents', at: '/admin/documents?month=2026-01&kind=credit_note&page=2' });
    await waitFor(() => expect(api.callsTo('GET /api/admin/documents')).toHaveLength(2));
    query = api.callsTo('GET /api/admin/documents')[1]?.url.searchParams;
    expect(query?.get('month')).toBe('2026-01');
    expect(query?.get('kind')).toBe('credit_note');
    expect(query?.get('page')).toBe('2');
    await userEvent.click(screen.getAllByLabelText(/^Kind/)[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Tax invoices and bills of supply', hidden: true }));
    await waitFor(() => expect(api.callsTo('GET /api/admin/documents').at(-1)?.url.searchParams.get('kind')).toBe('invoice'));
    expect(api.callsTo('GET /api/admin/documents').at(-1)?.url.searchParams.get('page')).toBe('1');
    expect(api.callsTo('GET /api/admin/documents').at(-1)?.url.searchParams.get('month')).toBe('2026-01');
  });
});
