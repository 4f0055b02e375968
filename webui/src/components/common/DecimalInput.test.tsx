// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DecimalOptions } from '../../utils/decimal';
import { DecimalInput } from './DecimalInput';

function Harness({ initial = '', onValue, ...options }: DecimalOptions & { initial?: string; onValue?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DecimalInput
        aria-label="amount"
        value={value}
        onChange={(next) => {
          onValue?.(next);
          setValue(next);
        }}
        {...options}
      />
      <button type="button">elsewhere</button>
    </>
  );
}

function field(): HTMLInputElement {
  return screen.getByRole('textbox', { name: 'amount' });
}

describe('DecimalInput', () => {
  afterEach(cleanup);

  it('is a decimal text field', () => {
    render(<Harness />);
    expect(field().getAttribute('inputmode')).toBe('decimal');
    expect(field().type).toBe('text');
  });

  it('cleans keystrokes as the user types', async () => {
    const user = userEvent.setup();
    render(<Harness decimals={2} />);
    await user.type(field(), '-1a2.3.45x');
    expect(field().value).toBe('-12.34');
  });

  it('clamps to max while typing', async () => {
    const user = userEvent.setup();
    render(<Harness max={100} decimals={2} />);
    await user.type(field(), '1234');
    expect(field().value).toBe('100');
  });

  it('lets the user type through a value below min and clamps it on blur', async () => {
    const user = userEvent.setup();
    render(<Harness min={10} decimals={2} />);
    await user.type(field(), '15');
    expect(field().value).toBe('15');
    await user.clear(field());
    await user.type(field(), '3');
    expect(field().value).toBe('3');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(field().value).toBe('10.00');
  });

  it('formats to fixed decimals on blur', async () => {
    const user = userEvent.setup();
    render(<Harness decimals={2} />);
    await user.type(field(), '7.5');
    await user.tab();
    expect(field().value).toBe('7.50');
  });

  it('clears a value without digits on blur', async () => {
    const user = userEvent.setup();
    render(<Harness decimals={2} />);
    await user.type(field(), '-');
    expect(field().value).toBe('-');
    await user.tab();
    expect(field().value).toBe('');
  });

  it('does not report a change on blur when the value is already final', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    const onBlur = vi.fn();
    render(
      <>
        <DecimalInput aria-label="amount" value="1.50" decimals={2} onChange={onValue} onBlur={onBlur} />
        <button type="button">elsewhere</button>
      </>,
    );
    await user.click(field());
    await user.tab();
    expect(onValue).not.toHaveBeenCalled();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
