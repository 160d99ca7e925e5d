import { RETENTION } from '@repo/shared/domain/retention';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import PrivacyScreen from './privacy';

const SITE_INFO = {
  platform: {
    legalName: 'StayBook Marketplace Private Limited',
    address: '80 Feet Road, Indiranagar, Bengaluru, Karnataka 560038',
    customerCare: { phone: '1800 425 0000', email: 'care@staybook.in' },
  },
  grievanceOfficer: {
    name: 'Asha Menon',
    designation: 'Grievance Officer',
    email: 'grievance@staybook.in',
    phone: '+91 80 4000 0000',
  },
};

describe('Privacy notice', () => {
  it('says who keeps the data, what is collected and why, how long, and how to have a copy, correct or erase it', async () => {
    mockApi({ 'GET /api/site': { body: SITE_INFO } });
    renderRoute(<PrivacyScreen />, { path: '/privacy', at: '/privacy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();

    const who = screen.getByRole('region', { name: 'Who keeps your data' });
    expect(await within(who).findByText(/StayBook Marketplace Private Limited, 80 Feet Road/)).toBeInTheDocument();

    const collected = screen.getByRole('region', { name: 'What we collect and why' });
    expect(collected).toHaveTextContent('billing address, PIN code and state');
    expect(collected).toHaveTextContent('network address a payment hold came from');
    expect(collected).toHaveTextContent('complaints');

    const kept = screen.getByRole('region', { name: 'How long we keep it' });
    // The periods the retention work carries out, from the one place they are set.
    expect(kept).toHaveTextContent('CGST Act, 2017 (section 36)');
    expect(kept).toHaveTextContent('until 72 months after the annual return of their financial year is due');
    expect(kept).toHaveTextContent(`${RETENTION.holdAddressDays} days after the booking is made`);
    expect(kept).toHaveTextContent(`removed ${RETENTION.closedComplaintYears} years after the complaint is closed`);

    const rights = screen.getByRole('region', { name: 'Your rights' });
    for (const name of ['My Profile → Download my data', 'My Profile → Edit profile', 'My Profile → Delete my account'])
      expect(within(rights).getByRole('link', { name })).toHaveAttribute('href', '/myProfile');
    expect(within(rights).getByText(/Asha Menon, Grievance Officer/)).toBeInTheDocument();
    expect(within(rights).getByRole('link', { name: 'grievance@staybook.in' })).toHaveAttribute(
      'href',
      'mailto:grievance@staybook.in',
    );
  });
});
