import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { common } from '@/copy/common';
import { expectInDocumentOrder } from '@/testing/order';
import { renderRoute } from '@/testing/render';
import { HeaderBar, LayoutFrame } from './frame';

describe('LayoutFrame', () => {
  it('puts the skip link first, then the header, the page in main, the footer and the extras', () => {
    renderRoute(
      <LayoutFrame
        header={
          <HeaderBar>
            <span>brand</span>
            <span>nav</span>
          </HeaderBar>
        }
        footer={<footer>foot</footer>}
      >
        <aside>extra</aside>
      </LayoutFrame>,
      { children: [{ index: true, element: <p>page</p> }], at: '/' },
    );
    const skip = screen.getByRole('link', { name: common.skipToContent });
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('main')).toHaveTextContent('page');
    expect(screen.getByRole('banner')).toHaveTextContent('brandnav');
    expectInDocumentOrder(
      skip,
      screen.getByRole('banner'),
      screen.getByRole('main'),
      screen.getByText('foot'),
      screen.getByText('extra'),
    );
  });
});
