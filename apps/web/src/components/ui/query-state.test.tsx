import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { failedQuery, loadedQuery, pendingQuery } from '@/testing/list-query';
import { renderUi } from '@/testing/render';
import { missingOr, type QueryLike, QueryState, type QueryStateProps } from './query-state';

const renderState = (query: QueryLike<readonly string[]>, props: Partial<QueryStateProps<readonly string[]>> = {}) =>
  renderUi(
    <QueryState query={query} skeleton={<p>Loading…</p>} errorTitle="Could not load" recover={{ retry: 'Again' }} {...props}>
      {(data) => <p>{data.join(', ')}</p>}
    </QueryState>,
  );

describe('QueryState', () => {
  it('shows the skeleton while loading, then the content for the data', () => {
    renderState(pendingQuery());
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    renderState(loadedQuery(['Goa', 'Ooty']));
    expect(screen.getByText('Goa, Ooty')).toBeInTheDocument();
  });

  it('shows the error with the server message and a retry that refetches', async () => {
    const query = failedQuery<string>('Server down');
    renderState(query);
    expect(screen.getByText('Could not load')).toBeInTheDocument();
    expect(screen.getByText('Server down')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Again' }));
    expect(query.refetch).toHaveBeenCalledOnce();
  });

  it('can lead elsewhere after an error and name a missing item as missing', () => {
    const query = { ...failedQuery<string>('x'), error: new ApiError('Not found', 404) };
    renderState(query, { recover: { label: 'Dashboard', to: '/admin/dashboard' }, errorText: missingOr('No such stay') });
    expect(screen.getByText('No such stay')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
  });
});

describe('missingOr', () => {
  it('names a 404 or 400 as missing and keeps any other message', () => {
    const text = missingOr('Missing');
    expect(text(new ApiError('Not found', 404))).toBe('Missing');
    expect(text(new ApiError('Bad id', 400))).toBe('Missing');
    expect(text(new ApiError('Forbidden', 403))).toBe('Forbidden');
    expect(text(new Error('Offline'))).toBe('Offline');
  });
});
