import { describe, expect, it } from 'vitest';
import { addMoney, amountSign, fixDecimals, formatAmountText, formatMoney, majorToMinor, minorToMajor, mulMoney, subMoney } from './money';

describe('formatMoney', () => {
  it.each([
    [12.3, '¥', '¥12.30'],
    [-12.3, '¥', '-¥12.30'],
    [0, '$', '$0.00'],
    [-0.001, '€', '€0.00'],
    [1.005, '¥', '¥1.01'],
    [1234567.891, '$', '$1234567.89'],
    [0.07, '¥', '¥0.07'],
  ])('%d with %s → %s', (amount, symbol, expected) => {
    expect(formatMoney(amount, symbol)).toBe(expected);
  });
});

describe('money arithmetic', () => {
  it('adds without float drift', () => {
    expect(addMoney(0.1, 0.2)).toBe(0.3);
    expect(addMoney(0.1, 0.2, 0.3)).toBe(0.6);
    expect(addMoney()).toBe(0);
    expect(addMoney(1.005, 0)).toBe(1.01);
  });

  it('subtracts without float drift', () => {
    expect(subMoney(0.3, 0.1)).toBe(0.2);
    expect(subMoney(1, 0.9)).toBe(0.1);
    expect(subMoney(0.1, 0.3)).toBe(-0.2);
  });

  it('multiplies and rounds half away from zero to the cent', () => {
    expect(mulMoney(19.99, 3)).toBe(59.97);
    expect(mulMoney(0.1, 3)).toBe(0.3);
    expect(mulMoney(1.15, 1.15)).toBe(1.32);
    expect(mulMoney(0.05, 0.5)).toBe(0.03);
    expect(mulMoney(-0.05, 0.5)).toBe(-0.03);
    expect(mulMoney(10, 0)).toBe(0);
  });
});

describe('minor units', () => {
  it.each([
    [1230, 12.3],
    [5, 0.05],
    [-199, -1.99],
    [0, 0],
  ])('%i minor ↔ %d major', (minor, major) => {
    expect(minorToMajor(minor)).toBe(major);
    expect(majorToMinor(major)).toBe(minor);
  });

  it('rounds majors to the cent', () => {
    expect(majorToMinor(0.29)).toBe(29);
    expect(majorToMinor(1.005)).toBe(101);
    expect(majorToMinor(-1.005)).toBe(-101);
  });
});

describe('amounts as text', () => {
  it('formats the server’s text with a symbol, without a float', () => {
    expect(formatAmountText('12.30', '¥')).toBe('¥12.30');
    expect(formatAmountText('-12.30', '$')).toBe('-$12.30');
    expect(formatAmountText('-0.00', '$')).toBe('$0.00');
    expect(formatAmountText('900719925474099.99', '€')).toBe('€900719925474099.99');
    expect(amountSign('-1')).toBe(-1);
    expect(amountSign('0.00')).toBe(0);
    expect(amountSign('3000')).toBe(1);
  });

  it('fixes the decimals by rounding the digits half away from zero', () => {
    expect(fixDecimals('12.345', 2)).toBe('12.35');
    expect(fixDecimals('-12.344', 2)).toBe('-12.34');
    expect(fixDecimals('3', 2)).toBe('3.00');
    expect(fixDecimals('.5', 2)).toBe('0.50');
    expect(fixDecimals('-0.001', 2)).toBe('0.00');
    expect(fixDecimals('99.999', 2)).toBe('100.00');
    expect(fixDecimals('abc', 2)).toBe('abc');
  });
});
