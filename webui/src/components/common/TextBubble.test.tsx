import { screen } from '@testing-library/react';
import { MessageItem } from '../Chat/MessageItem';
import { MessageBubble } from '../Messages/MessageBubble';
import { chatMessage } from '../../test/chat';
import { privateMessage } from '../../test/inbox';
import { renderWithStores } from '../../test/render';
import { ChatMessage } from '../../models/ChatMessage';
import { PrivateMessage } from '../../models/PrivateMessage';

// The server stores chat and private messages (and names) exactly as typed: markup and entities
// arrive as text and must be shown as text, never interpreted.
const typed = '<b>bold</b> <img src=x onerror="window.__pwned=1"> &lt;i&gt;';

describe('typed text is shown, never interpreted', () => {
  it('a private message', () => {
    const { container } = renderWithStores(
      <MessageBubble message={new PrivateMessage(privateMessage(1, '7', '42', { content: typed }))} own={false} now={Date.now()} />,
    );
    expect(screen.getByText(typed)).toBeInTheDocument();
    expect(container.querySelector('b, i')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });

  it('a chat message and its author name', () => {
    const message = chatMessage(1, { message: typed });
    message.user = { ...message.user, name: '<i>Ann</i>' };
    const { container } = renderWithStores(<MessageItem message={new ChatMessage(message)} own={false} now={Date.now()} />);
    expect(screen.getByText(typed)).toBeInTheDocument();
    expect(screen.getByText('<i>Ann</i>')).toBeInTheDocument();
    expect(container.querySelector('b, i')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
