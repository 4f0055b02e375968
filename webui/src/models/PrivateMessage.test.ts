// @vitest-environment node
import { privateMessage } from '../test/inbox';
import { byCreation, compareIds } from '../utils/order';
import { MESSAGE_MAX_ROWS, MESSAGE_MIN_ROWS, PrivateMessage, messageLength, messageRows } from './PrivateMessage';

describe('PrivateMessage', () => {
  it('sizes the message box from 3 to 6 rows by its lines', () => {
    expect(messageRows('')).toBe(MESSAGE_MIN_ROWS);
    expect(messageRows('a\nb\nc\nd')).toBe(4);
    expect(messageRows('\n'.repeat(20))).toBe(MESSAGE_MAX_ROWS);
  });

  it('counts code points as the server does', () => {
    expect(messageLength('你好👋')).toBe(3);
  });

  it('knows its peer, and lets only its sender delete it', () => {
    const message = new PrivateMessage(privateMessage(1, '7', '42'));
    expect(message.peerOf('42').databaseId).toBe('7');
    expect(message.peerOf('7').databaseId).toBe('42');
    expect(message.canBeDeletedBy('7')).toBe(true);
    expect(message.canBeDeletedBy('42')).toBe(false);
    expect(message.canBeDeletedBy(null)).toBe(false);
    expect(message.isBetween('42', '7')).toBe(true);
    expect(message.isBetween('42', '8')).toBe(false);
  });

  it('orders by time, then by 64-bit id', () => {
    expect(compareIds('9', '10')).toBeLessThan(0);
    expect(compareIds('9007199254740993', '9007199254740992')).toBeGreaterThan(0);
    const same = { createdAt: 5 };
    expect([{ ...same, id: '10' }, { ...same, id: '9' }, { createdAt: 1, id: '11' }].sort(byCreation).map((e) => e.id)).toEqual(['11', '9', '10']);
  });
});
