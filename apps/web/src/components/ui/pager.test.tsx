import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/testing/render';
import { Pager } from './pager';

describe('Pager', () => {
  it('names its arrow controls, also when one is disabled', () => {
    renderUi(<Pager total={4} value={1} onChange={() => {}} withEdges />);
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '2' })).toBeInTheDocument();
  });
});
