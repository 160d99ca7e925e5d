import { MSG } from '@repo/shared/constants/messages';
import { STAY_STATE_MSG } from '@repo/shared/schemas/stay';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aStay } from '@/testing/fixtures';
import { renderUi } from '@/testing/render';
import { STAYS_COPY } from '../copy';
import { StayForm } from './stay-form';

const f = STAYS_COPY.form;
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'room.png', { type: 'image/png' });
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by the start of its label (required labels end with an asterisk). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${esc(label)}`));
const txt = () => new File(['hello'], 'notes.txt', { type: 'text/plain' });

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});

const renderForm = (props: Partial<Parameters<typeof StayForm>[0]> = {}) => {
  const onSubmit = vi.fn(async (_form: FormData) => {});
  renderUi(<StayForm submitLabel={f.submitAdd} onSubmit={onSubmit} {...props} />);
  return { onSubmit: (props.onSubmit as typeof onSubmit) ?? onSubmit };
};

const stay = aStay({
  type: 'Resort',
  title: 'By the beach',
  description: 'Rooms facing the sea',
  overview: 'Long overview',
  amenities: ['Spa'],
  featured: true,
  hotelImage: { key: 'stays/a/hotel', width: 1600, height: 1067 },
  roomImages: [
    { key: 'stays/a/r1', width: 1600, height: 1200 },
    { key: 'stays/a/r2', width: 1200, height: 1600 },
  ],
});

describe('StayForm', () => {
  it('has every stay field and image inputs that accept images only', () => {
    renderForm();
    for (const label of [f.name, f.title, f.address, f.city, f.distance, f.description, f.overview, f.lowestPrice]) {
      expect(field(label)).toBeInTheDocument();
    }
    for (const label of [f.type, f.amenities]) {
      expect(screen.getAllByLabelText(label, { exact: false }).length).toBeGreaterThan(0);
    }
    const hotel = screen.getByLabelText(f.hotelImage);
    const rooms = screen.getByLabelText(f.roomImages);
    expect(hotel).toHaveAttribute('type', 'file');
    expect(hotel).toHaveAttribute('accept', 'image/*');
    expect(hotel).not.toHaveAttribute('multiple');
    expect(rooms).toHaveAttribute('accept', 'image/*');
    expect(rooms).toHaveAttribute('multiple');
  });

  it("gives an owner no rating, experience or Featured to set: it shows what guests see, 'New' until the first review", async () => {
    const onSubmit = vi.fn(async (_form: FormData) => {});
    const { unmount } = renderUi(
      <StayForm submitLabel={f.submitEdit} onSubmit={onSubmit} stay={{ ...stay, rating: null, experience: null }} />,
    );
    expect(screen.queryByLabelText(/^Rating/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Experience/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(new RegExp(`^${f.featured}`))).not.toBeInTheDocument();
    const note = screen.getByTestId('rating-from-reviews');
    expect(within(note).getByTestId('rating-badge')).toHaveTextContent('New');
    expect(within(note).getByText('New: not rated yet')).toBeInTheDocument();
    expect(note).not.toHaveTextContent('/10');
    expect(within(note).getByTestId('reviews-count')).toHaveTextContent('No reviews yet');
    // What the owner sends carries none of the platform's fields.
    await userEvent.click(screen.getByRole('button', { name: f.submitEdit }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    const form = onSubmit.mock.calls[0]?.[0] as FormData;
    for (const key of ['rating', 'experience', 'featured']) expect(form.has(key)).toBe(false);
    unmount();

    renderUi(
      <StayForm
        submitLabel={f.submitEdit}
        onSubmit={vi.fn()}
        stay={{ ...stay, rating: 7.3, experience: 'Good', reviewsCount: 3, reviewsRating: 7.3 }}
      />,
    );
    const reviewed = screen.getByTestId('rating-from-reviews');
    expect(within(reviewed).getByText('Rated 7.3 out of 10')).toBeInTheDocument();
    expect(within(reviewed).getByTestId('guest-rating')).toHaveTextContent('Good3 reviews');
  });

  it('lets the platform set Featured, and sends it', async () => {
    const onSubmit = vi.fn(async (_form: FormData) => {});
    renderUi(<StayForm submitLabel={f.submitEdit} onSubmit={onSubmit} stay={stay} canFeature />);
    const featured = screen.getAllByLabelText(new RegExp(`^${f.featured}`))[0] as HTMLElement;
    expect(featured).toHaveValue(f.featuredTrue);
    await userEvent.click(featured);
    await userEvent.click(await screen.findByRole('option', { name: f.featuredFalse, hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: f.submitEdit }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    const form = onSubmit.mock.calls[0]?.[0] as FormData;
    expect(form.get('featured')).toBe('false');
    expect(form.has('rating')).toBe(false);
  });

  it("shows the lowest price read-only with a note once it follows the room types; the owner's price otherwise", () => {
    const { unmount } = renderUi(
      <StayForm submitLabel={f.submitEdit} onSubmit={vi.fn()} stay={aStay({ lowestPrice: 2200, lowestPriceFromRooms: true })} />,
    );
    const price = field(f.lowestPrice);
    expect(price).toHaveValue('₹2,200');
    expect(price).toHaveAttribute('readonly');
    expect(screen.getByText(f.lowestPriceFromRooms('₹2,200'))).toBeInTheDocument();
    expect(price).toHaveAccessibleDescription(f.lowestPriceFromRooms('₹2,200'));
    unmount();
    renderUi(<StayForm submitLabel={f.submitEdit} onSubmit={vi.fn()} stay={aStay({ lowestPrice: 1800 })} />);
    expect(field(f.lowestPrice)).not.toHaveAttribute('readonly');
    expect(screen.queryByText(f.lowestPriceFromRooms('₹1,800'))).not.toBeInTheDocument();
  });

  it('refuses a non-image file with the spec message and shows previews of images', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText(f.roomImages), { target: { files: [png(), txt()] } });
    expect(await screen.findByText(MSG.imagesOnly)).toBeInTheDocument();
    expect(screen.queryByAltText(f.previewAlt('room.png'))).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(f.roomImages), { target: { files: [png()] } });
    await waitFor(() => expect(screen.queryByText(MSG.imagesOnly)).not.toBeInTheDocument());
    expect(screen.getByAltText(f.previewAlt('room.png'))).toBeInTheDocument();
  });

  it('checks required fields with the shared schema before sending', async () => {
    const { onSubmit } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: f.submitAdd }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the fields and files as multipart', async () => {
    const onSubmit = vi.fn(async (_form: FormData) => {});
    renderForm({ onSubmit });
    await userEvent.type(field(f.name), 'Hill View');
    await userEvent.type(field(f.address), '12 MG Road');
    await userEvent.type(field(f.city), 'Bengaluru');
    fireEvent.change(screen.getByLabelText(f.hotelImage), { target: { files: [png()] } });
    fireEvent.change(screen.getByLabelText(f.roomImages), { target: { files: [png(), png()] } });
    await userEvent.click(screen.getByRole('button', { name: f.submitAdd }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    const form = onSubmit.mock.calls[0]?.[0] as FormData;
    expect(form.get('name')).toBe('Hill View');
    expect(form.get('city')).toBe('bengaluru');
    expect(form.get('type')).toBe('Hotel');
    expect(form.has('featured')).toBe(false);
    expect(form.get('amenities')).toBe('[]');
    expect(form.get('hotelImage')).toBeInstanceOf(File);
    expect(form.getAll('roomImages')).toHaveLength(2);
    expect(form.has('keepRoomImages')).toBe(false);
  });

  it('on edit shows the current images and sends the room images kept', async () => {
    const onSubmit = vi.fn(async (_form: FormData) => {});
    renderForm({ stay, onSubmit, submitLabel: f.submitEdit });
    expect(field(f.name)).toHaveValue('Sea Breeze');
    expect(screen.getByAltText(f.currentHotelImage)).toBeInTheDocument();
    expect(screen.getByAltText(f.currentAlt(1))).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText(`${f.remove} 1`));
    await userEvent.click(screen.getByRole('button', { name: f.submitEdit }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    const form = onSubmit.mock.calls[0]?.[0] as FormData;
    expect(JSON.parse(String(form.get('keepRoomImages')))).toEqual(['stays/a/r2']);
    expect(JSON.parse(String(form.get('amenities')))).toEqual(['Spa']);
    expect(form.has('hotelImage')).toBe(false);
  });
});

describe('StayForm: business details for invoices', () => {
  it('checks the GSTIN with the shared schema, sends it upper-cased, and sends a blank one empty', async () => {
    const onSubmit = vi.fn(async (_form: FormData) => {});
    renderForm({ onSubmit });
    await userEvent.type(field(f.name), 'Hill View');
    await userEvent.type(field(f.address), '12 MG Road');
    await userEvent.type(field(f.city), 'Bengaluru');
    await userEvent.type(field(f.legalName), 'Hill View Hotels LLP');
    await userEvent.type(field(f.gstin), '29AAGCB7383J1Z5');
    await userEvent.click(screen.getByRole('button', { name: f.submitAdd }));
    expect(await screen.findByText(/GSTIN must be 15 characters/)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(field(f.gstin));
    await userEvent.type(field(f.gstin), '29aagcb7383j1z4');
    await userEvent.click(screen.getByRole('button', { name: f.submitAdd }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    const form = onSubmit.mock.calls[0]?.[0] as FormData;
    expect(form.get('legalName')).toBe('Hill View Hotels LLP');
    expect(form.get('gstin')).toBe('29AAGCB7383J1Z4');

    await userEvent.clear(field(f.gstin));
    await userEvent.click(screen.getByRole('button', { name: f.submitAdd }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    const cleared = onSubmit.mock.calls[1]?.[0] as FormData;
    expect(cleared.get('gstin')).toBe('');
  });

  it('shows the stay’s current legal name and GSTIN on edit', () => {
    renderForm({ stay: aStay({ legalName: 'Coral Inns LLP', gstin: '29AAGCB7383J1Z4' }) });
    expect(field(f.legalName)).toHaveValue('Coral Inns LLP');
    expect(field(f.gstin)).toHaveValue('29AAGCB7383J1Z4');
  });

  it("lets the owner pick 'Non-refundable' (0 days, 0 %) and shows what guests will read; unticking gives the default back", async () => {
    const onSubmit = vi.fn(async (_form: FormData) => {});
    renderForm({
      stay: { ...stay, cancellationPolicy: { freeDays: 30, refundPercent: 50 } },
      onSubmit,
      submitLabel: f.submitEdit,
    });
    expect(screen.getByTestId('policy-preview')).toHaveTextContent(
      'Guests will read: Free cancellation up to 30 days before check-in, then a 50% refund until the day before check-in.',
    );
    const box = screen.getByRole('checkbox', { name: /Non-refundable/ });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(screen.getByTestId('policy-preview')).toHaveTextContent('Guests will read: Non-refundable: no refund if you cancel.');
    expect(screen.getByRole('textbox', { name: /Free cancellation until/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: f.submitEdit }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    const form = onSubmit.mock.calls[0]?.[0] as FormData;
    expect([form.get('cancellationFreeDays'), form.get('cancellationRefundPercent')]).toEqual(['0', '0']);
    await userEvent.click(box);
    expect(screen.getByTestId('policy-preview')).toHaveTextContent(
      'Guests will read: Free cancellation until the day before check-in.',
    );
  });
});

describe('StayForm: typing a cancellation policy', () => {
  it("lets the owner type '0 days, then 50 %' through 0 and 0 without the fields locking as 'Non-refundable'", async () => {
    const onSubmit = vi.fn(async (_form: FormData) => {});
    renderForm({
      stay: { ...stay, cancellationPolicy: { freeDays: 1, refundPercent: 0 } },
      onSubmit,
      submitLabel: f.submitEdit,
    });
    const days = screen.getByRole('textbox', { name: /Free cancellation until/ });
    const percent = screen.getByRole('textbox', { name: /Refund after that/ });
    const box = screen.getByRole('checkbox', { name: /Non-refundable/ });
    await userEvent.clear(days);
    await userEvent.type(days, '0');
    // 0 days while the refund is still 0 %: the same policy, but not a choice the owner made.
    expect(box).not.toBeChecked();
    expect(percent).toBeEnabled();
    await userEvent.clear(percent);
    await userEvent.type(percent, '50');
    expect(screen.getByTestId('policy-preview')).toHaveTextContent(
      'Guests will read: A 50% refund if you cancel until the day before check-in.',
    );
    await userEvent.click(screen.getByRole('button', { name: f.submitEdit }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    const form = onSubmit.mock.calls[0]?.[0] as FormData;
    expect([form.get('cancellationFreeDays'), form.get('cancellationRefundPercent')]).toEqual(['0', '50']);
  });

  it("opens a saved non-refundable policy with 'Non-refundable' ticked", () => {
    renderForm({ stay: { ...stay, cancellationPolicy: { freeDays: 0, refundPercent: 0 } }, submitLabel: f.submitEdit });
    expect(screen.getByRole('checkbox', { name: /Non-refundable/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Free cancellation until/ })).toBeDisabled();
  });
});

describe('StayForm: the state the stay is in', () => {
  const state = () => screen.getAllByLabelText(/^State/)[0] as HTMLElement;
  const pick = async (name: string) => {
    await userEvent.click(state());
    await userEvent.click(await screen.findByRole('option', { name, hidden: true }));
  };

  it('fills the state from a city it knows as the owner types, and sends its code', async () => {
    const { onSubmit } = renderForm();
    expect(state()).toHaveValue('');
    await userEvent.type(field(f.city), 'Bangalore');
    expect(state()).toHaveValue('Karnataka');
    await userEvent.clear(field(f.city));
    await userEvent.type(field(f.city), 'Chennai');
    expect(state()).toHaveValue('Tamil Nadu');
    await userEvent.type(field(f.name), 'Hill View');
    await userEvent.type(field(f.address), '12 Mount Road');
    await userEvent.click(screen.getByRole('button', { name: f.submitAdd }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    const form = onSubmit.mock.calls[0]?.[0] as FormData;
    expect(form.get('stateCode')).toBe('33');
  });

  it('keeps a state the owner chose whatever city is typed after', async () => {
    const { onSubmit } = renderForm();
    await pick('Kerala');
    expect(state()).toHaveValue('Kerala');
    await userEvent.type(field(f.city), 'Mumbai');
    expect(state()).toHaveValue('Kerala');
    await userEvent.type(field(f.name), 'Backwater Home');
    await userEvent.type(field(f.address), '3 Canal Road');
    await userEvent.click(screen.getByRole('button', { name: f.submitAdd }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    const form = onSubmit.mock.calls[0]?.[0] as FormData;
    expect(form.get('stateCode')).toBe('32');
  });

  it('says a state is required, and a GSTIN must be of it, along with the other fields’ messages', async () => {
    const { onSubmit } = renderForm();
    await userEvent.type(field(f.city), 'Valparai');
    await userEvent.click(screen.getByRole('button', { name: f.submitAdd }));
    expect(await screen.findByText(STAY_STATE_MSG.required)).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    await pick('Tamil Nadu');
    await userEvent.type(field(f.gstin), '29AAGCB7383J1Z4');
    await userEvent.click(screen.getByRole('button', { name: f.submitAdd }));
    expect(await screen.findByText(STAY_STATE_MSG.gstinOfState('Tamil Nadu (33)'))).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.queryByText(STAY_STATE_MSG.required)).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('requires a state for a city it does not know, under the field, and a GSTIN of that state, under GSTIN', async () => {
    const { onSubmit } = renderForm();
    await userEvent.type(field(f.name), 'Tea Estate Bungalow');
    await userEvent.type(field(f.address), 'Estate Road');
    await userEvent.type(field(f.city), 'Valparai');
    await userEvent.click(screen.getByRole('button', { name: f.submitAdd }));
    expect(await screen.findByText(STAY_STATE_MSG.required)).toBeInTheDocument();
    expect(state()).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    await pick('Tamil Nadu');
    await userEvent.type(field(f.gstin), '29AAGCB7383J1Z4');
    await userEvent.click(screen.getByRole('button', { name: f.submitAdd }));
    const message = STAY_STATE_MSG.gstinOfState('Tamil Nadu (33)');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(f.gstin)).toHaveAccessibleDescription(new RegExp(esc(message)));
    expect(screen.queryByText(STAY_STATE_MSG.required)).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the saved state on edit and keeps it when it is not its city’s', async () => {
    renderForm({ stay: aStay({ city: 'vizag', stateCode: '36' }), submitLabel: f.submitEdit });
    expect(state()).toHaveValue('Telangana');
    await userEvent.clear(field(f.city));
    await userEvent.type(field(f.city), 'Pune');
    expect(state()).toHaveValue('Telangana');
  });

  it('shows the state of a stay saved before states were asked: its city’s, else its GSTIN’s', () => {
    const { unmount } = renderUi(
      <StayForm submitLabel={f.submitEdit} onSubmit={vi.fn()} stay={aStay({ city: 'jaipur', stateCode: null })} />,
    );
    expect(state()).toHaveValue('Rajasthan');
    unmount();
    renderForm({ stay: aStay({ city: 'valparai', stateCode: null, gstin: '33AAGCB7383J1ZF' }), submitLabel: f.submitEdit });
    expect(state()).toHaveValue('Tamil Nadu');
  });

  it('says the GSTIN is the one declared in Payouts, whose declaration decides who invoices guests', () => {
    renderForm();
    expect(field(f.gstin)).toHaveAccessibleDescription(
      'The GSTIN you declared for the stay’s state in Payouts, or blank if you are not registered there. Your declaration decides who invoices guests: you, or StayBook under section 9(5) of the CGST Act.',
    );
  });
});
