import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { chatViewer, signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { stubResizeObserver } from '../../test/radix';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { address, tree } from '../../stores/account/testData';
import AddressesPage from '../../scenes/Account/Addresses';
import { AddressChooser } from './AddressChooser';
import { AddressFormDialog } from './AddressFormDialog';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(replies: Parameters<typeof apiResponder>[0] = {}) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  stubResizeObserver();
  const calls = mockFetch(
    apiResponder({
      'utils.addressPicker': (data) => json(tree[Number(data.geonameId)] ?? { level: 3, items: [] }),
      'mutates.saveAddress': (data) =>
        json({ gqAddressCreate: { success: true, created: !data.addressId, address: address('11', { name: String(data.name), default: true }) } }),
      ...replies,
    }),
  );
  const root = createTestRoot('en');
  signIn(root, chatViewer({ id: '1' })).accept('1');
  return { root, calls };
}

describe('AddressFormDialog', () => {
  it('checks the form before sending, walks the picker and saves', async () => {
    const { root, calls } = setup();
    const onSaved = vi.fn();
    renderWithStores(<AddressFormDialog open onOpenChange={() => {}} onSaved={onSaved} />, root, '/en/account/addresses');
    const form = await screen.findByTestId('address-form');
    await within(form).findByRole('button', { name: 'China' });
    fireEvent.click(screen.getByTestId('address-save'));
    expect(await within(form).findByText("Enter the recipient's name")).toBeInTheDocument();
    expect(within(form).getByText('Enter a phone number that is valid for the dial code')).toBeInTheDocument();
    expect(within(form).getByText('Enter the street address')).toBeInTheDocument();
    expect(within(form).getByText('Enter the postcode')).toBeInTheDocument();
    expect(within(form).getByText('Choose a country or region')).toBeInTheDocument();
    expect(requests(calls, 'mutates.saveAddress')).toHaveLength(0);

    fireEvent.click(within(form).getByRole('button', { name: 'China' }));
    fireEvent.click(await within(form).findByRole('button', { name: 'Guangdong' }));
    fireEvent.click(await within(form).findByRole('button', { name: 'Shenzhen' }));
    fireEvent.click(await within(form).findByRole('button', { name: 'Nanshan' }));
    await waitFor(() => expect(within(form).queryByText('Choose a country or region')).toBeNull());
    expect(requests(calls, 'utils.addressPicker').map((data) => data.geonameId)).toEqual(['0', '1814991', '1809935', '1795565']);
    expect(requests(calls, 'utils.addressPicker')[0]).toEqual({ geonameId: '0', lang: 'en' });

    fireEvent.change(within(form).getByLabelText('Recipient'), { target: { value: 'Li Lei' } });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '123' } });
    fireEvent.change(within(form).getByLabelText('Street address'), { target: { value: '1 Keji Road' } });
    fireEvent.change(within(form).getByLabelText('Postcode'), { target: { value: '518000' } });
    expect(within(form).getByText('This phone number does not fit the dial code')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByTestId('address-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(requests(calls, 'mutates.saveAddress')[0]).toMatchObject({
      type: 'SELECTED',
      default: true,
      country: { geonameId: '1814991', name: 'China' },
      district: { geonameId: '7602681', name: 'Nanshan' },
      name: 'Li Lei',
      phone: '13800138000',
      dialCode: '+1',
      address: '1 Keji Road',
    });
    expect(root.toasts.toasts.at(-1)?.message).toBe('Address saved successfully');
  });
});

describe('AddressChooser', () => {
  function Chooser() {
    const [value, setValue] = useState<string | undefined>();
    return (
      <>
        <AddressChooser value={value} onChange={setValue} />
        <output data-testid="chosen">{value ?? ''}</output>
      </>
    );
  }

  it('lists the addresses and chooses the default one, then what is clicked', async () => {
    const { root } = setup({
      'account.addresses': () => json({ addresses: [address('1', { name: 'Home' }), address('2', { name: 'Office', default: true })] }),
    });
    renderWithStores(<Chooser />, root, '/en/cart');
    await waitFor(() => expect(screen.getByTestId('chosen')).toHaveTextContent('2'));
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    fireEvent.click(screen.getByRole('radio', { name: /Home/ }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('1');
    fireEvent.click(screen.getByTestId('address-chooser-new'));
    expect(await screen.findByTestId('address-form')).toBeInTheDocument();
  });
});

describe('AddressesPage', () => {
  it('lists the default first, sets another as default and deletes after a confirmation', async () => {
    const { root, calls } = setup({
      'account.addresses': () => json({ addresses: [address('1', { name: 'Home' }), address('2', { name: 'Office', default: true, addressString: 'Office line' })] }),
      'mutates.saveAddress': (data) => json({ gqAddressCreate: { success: true, created: false, address: address(String(data.addressId), { name: 'Home', default: true }) } }),
      'mutates.deleteAddress': () => json({ success: true }),
    });
    renderWithStores(<AddressesPage />, root, '/en/account/addresses');
    await waitFor(() => expect(screen.getAllByTestId('address-card')).toHaveLength(2));
    const names = () => screen.getAllByTestId('address-card').map((card) => within(card).getAllByText(/Home|Office/)[0].textContent);
    expect(names()).toEqual(['Office', 'Home']);
    expect(screen.getByText('Office line')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Set as default' }));
    await waitFor(() => expect(names()).toEqual(['Home', 'Office']));
    expect(requests(calls, 'mutates.saveAddress')[0]).toMatchObject({ addressId: '1', default: true, name: 'Home' });
    expect(root.toasts.toasts.at(-1)?.message).toBe('Address modified successfully');
    const office = screen.getAllByTestId('address-card')[1];
    fireEvent.click(within(office).getByRole('button', { name: 'Delete' }));
    const confirm = (await screen.findByText('Delete this address?')).parentElement!;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('address-card')).toHaveLength(1));
    expect(requests(calls, 'mutates.deleteAddress')).toEqual([{ addressId: '2' }]);
  });
});
