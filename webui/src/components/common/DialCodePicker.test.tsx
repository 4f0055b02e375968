import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { stubResizeObserver } from '../../test/radix';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch } from '../../test/stores';
import { DialCodePicker } from './DialCodePicker';

const COUNTRIES = [
  { code: 'CN', dialCode: '+86', name: 'China' },
  { code: 'US', dialCode: '+1', name: 'United States' },
  { code: 'CA', dialCode: '+1', name: 'Canada' },
];

function setup() {
  stubResizeObserver();
  const base = apiResponder({});
  mockFetch((call) => (call.url.startsWith('/api/countryDialCodes') ? json({ data: COUNTRIES }) : base(call)));
}

/** Holds the dial code itself, as the address form does. */
function ByDialCode() {
  const [dial, setDial] = useState('');
  return (
    <DialCodePicker compact dialCode={dial} isSelected={(entry) => entry.dialCode === dial} onSelect={(entry) => setDial(entry.dialCode)} testId="picker" />
  );
}

/** Holds a region, as the login box does: two countries of one dial code are told apart. */
function ByRegion() {
  const [region, setRegion] = useState('US');
  const dial = COUNTRIES.find((entry) => entry.code === region)?.dialCode ?? '';
  return <DialCodePicker dialCode={dial} isSelected={(entry) => entry.code === region} onSelect={(entry) => setRegion(entry.code)} testId="picker" />;
}

describe('DialCodePicker', () => {
  it('searches the countries and hands the choice to its holder', async () => {
    setup();
    renderWithStores(<ByDialCode />, createTestRoot('en'));
    const trigger = screen.getByTestId('picker');
    expect(trigger).toHaveTextContent('+');
    expect(trigger).toHaveClass('h-8');
    fireEvent.click(trigger);
    const list = await screen.findByRole('listbox', { name: 'Country codes' });
    await within(list).findByText('China');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search a country or code' }), { target: { value: 'chi' } });
    expect(within(list).getAllByRole('option')).toHaveLength(1);
    fireEvent.click(within(list).getByRole('button', { name: /China/ }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByTestId('picker')).toHaveAccessibleName('Country code +86');
  });

  it('marks the selected country as its holder says', async () => {
    setup();
    renderWithStores(<ByRegion />, createTestRoot('en'));
    expect(screen.getByTestId('picker')).toHaveClass('h-9');
    fireEvent.click(screen.getByTestId('picker'));
    const list = await screen.findByRole('listbox');
    await within(list).findByText('Canada');
    const selected = () => within(list).getAllByRole('option', { selected: true }).map((option) => option.textContent);
    expect(selected()).toEqual([expect.stringContaining('United States')]);
    fireEvent.click(within(list).getByRole('button', { name: /Canada/ }));
    fireEvent.click(screen.getByTestId('picker'));
    const reopened = await screen.findByRole('listbox');
    expect(within(reopened).getAllByRole('option', { selected: true }).map((option) => option.textContent)).toEqual([expect.stringContaining('Canada')]);
  });
});
