import { describe, expect, it } from 'vitest';
import { finalizeDecimal, sanitizeDecimal, type DecimalOptions } from './decimal';

type Row = [description: string, raw: string, options: DecimalOptions, expected: string];

describe('sanitizeDecimal', () => {
  it.each<Row>([
    ['keeps an empty field empty', '', {}, ''],
    ['keeps digits', '123', {}, '123'],
    ['strips letters, spaces and signs', '1a2 b+3,4€', {}, '1234'],
    ['keeps a leading minus', '-12', {}, '-12'],
    ['keeps a lone minus while typing', '-', {}, '-'],
    ['drops a minus that is not first', '12-3', {}, '123'],
    ['keeps one leading minus of several', '--5', {}, '-5'],
    ['drops the minus when min is not negative', '-5', { min: 0 }, '5'],
    ['keeps the minus when min is negative', '-5', { min: -10 }, '-5'],
    ['keeps only the first dot', '1.2.3', {}, '1.23'],
    ['keeps a trailing dot while typing', '12.', { decimals: 2 }, '12.'],
    ['keeps a leading dot while typing', '.5', { decimals: 2 }, '.5'],
    ['truncates the fraction to decimals', '1.2399', { decimals: 2 }, '1.23'],
    ['does not round when truncating', '0.999', { decimals: 1 }, '0.9'],
    ['drops the dot and fraction for 0 decimals', '12.75', { decimals: 0 }, '12'],
    ['drops a lone dot for 0 decimals', '.', { decimals: 0 }, ''],
    ['leaves the fraction alone without decimals', '1.23456', {}, '1.23456'],
    ['clamps a positive value above max', '150', { max: 100 }, '100'],
    ['clamps to max and its decimals', '12.5', { max: 10, decimals: 2 }, '10'],
    ['clamps a negative value below min', '-7', { min: -5 }, '-5'],
    ['clamps to a max with more decimals than allowed, inside the bound', '9.995', { max: 9.999, decimals: 2 }, '9.99'],
    ['waits while further digits can still reach min', '1', { min: 10 }, '1'],
    ['waits while further digits can still reach a negative max', '-1', { max: -10 }, '-1'],
    ['keeps an in-range value', '42.5', { min: 0, max: 100, decimals: 1 }, '42.5'],
    ['does not clamp an incomplete number', '150.', { max: 100 }, '150.'],
  ])('%s: %j', (_, raw, options, expected) => {
    expect(sanitizeDecimal(raw, options)).toBe(expected);
  });
});

describe('finalizeDecimal', () => {
  it.each<Row>([
    ['clears an empty field', '', { decimals: 2 }, ''],
    ['clears a lone minus', '-', { decimals: 2 }, ''],
    ['clears a lone dot', '.', { decimals: 2 }, ''],
    ['clears a minus and dot', '-.', {}, ''],
    ['clears text with no digit', 'abc', { decimals: 2 }, ''],
    ['pads to fixed decimals', '1.5', { decimals: 2 }, '1.50'],
    ['adds the fraction to an integer', '7', { decimals: 2 }, '7.00'],
    ['completes a trailing dot', '12.', { decimals: 2 }, '12.00'],
    ['completes a leading dot', '.5', { decimals: 2 }, '0.50'],
    ['completes a negative leading dot', '-.5', { decimals: 1 }, '-0.5'],
    ['drops leading zeros', '007.1', { decimals: 1 }, '7.1'],
    ['keeps a single zero', '000', { decimals: 0 }, '0'],
    ['drops the sign of zero', '-0.00', { decimals: 2 }, '0.00'],
    ['truncates before padding', '3.14159', { decimals: 3 }, '3.141'],
    ['uses no fraction for 0 decimals', '12.9', { decimals: 0 }, '12'],
    ['drops a trailing dot without decimals', '12.', {}, '12'],
    ['keeps the typed fraction without decimals', '1.250', {}, '1.250'],
    ['clamps up to min', '1', { min: 10, decimals: 2 }, '10.00'],
    ['clamps down to max', '150', { max: 100, decimals: 1 }, '100.0'],
    ['clamps a negative value to a negative max', '-1', { max: -10 }, '-10'],
    ['clamps to a min with more decimals than allowed, inside the bound', '1', { min: 1.005, decimals: 2 }, '1.01'],
    ['clamps to a max with more decimals than allowed, inside the bound', '20', { max: 9.999, decimals: 2 }, '9.99'],
    ['keeps an in-range value', '-2.5', { min: -5, max: 5, decimals: 2 }, '-2.50'],
    ['sanitizes first', ' 1a,5 ', { decimals: 1 }, '15.0'],
  ])('%s: %j', (_, raw, options, expected) => {
    expect(finalizeDecimal(raw, options)).toBe(expected);
  });
});
