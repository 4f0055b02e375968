import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import type { Item } from '../../api/wire.gen';
import { ChatMessage } from '../../models/ChatMessage';
import { chatMessage, chatViewer, signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { stubResizeObserver } from '../../test/radix';
import { renderWithStores } from '../../test/render';
import { image, reportSettings } from '../../test/reports';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { MessageItem } from '../Chat/MessageItem';
import { MessageBubble } from '../Messages/MessageBubble';
import { PrivateMessage } from '../../models/PrivateMessage';
import { privateMessage } from '../../test/inbox';
import { ReportButton } from './ReportMenu';
import { ReportDialog, type ScreenshotPickerProps } from './ReportDialog';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(replies: Parameters<typeof apiResponder>[0] = {}) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  const calls = mockFetch(apiResponder(replies));
  const root = createTestRoot('en');
  root.settings.settings = reportSettings;
  signIn(root, chatViewer({ id: '42' }));
  return { root, calls };
}

/** The library as a test plays it: once opened, it hands back what the test picked (the limit applies). */
function fakePicker(pick: Item[], seen: { limit?: number; selected?: Item[] } = {}) {
  return function Picker({ open, limit, selected, onPick }: ScreenshotPickerProps) {
    useEffect(() => {
      if (!open) return;
      seen.limit = limit;
      seen.selected = selected;
      onPick([...selected, ...pick].slice(0, limit));
    }, [open, limit, selected, onPick]);
    return null;
  };
}

const toasts = (root: ReturnType<typeof setup>['root']) => root.toasts.toasts.map((t) => [t.type, t.message]);

describe('report dialog', () => {
  beforeEach(stubResizeObserver);

  it('asks for a reason, then for what happened, before anything is sent', async () => {
    const { root, calls } = setup();
    renderWithStores(<ReportDialog picker={null} />, root);
    act(() => root.reportDialog.open({ postType: 'chatMessage', postId: '1001', summary: 'you are all idiots' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    expect(within(dialog).getByText('you are all idiots')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(['Flooding', 'Abuse', 'Advertising', 'Other']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(toasts(root)).toEqual([['warning', 'Please choose a reason']]);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Abuse' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /What happened/ }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(toasts(root).at(-1)).toEqual(['warning', 'Please describe what happened']);
    expect(requests(calls, 'mutates.createReport')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Report' })).toBeInTheDocument();
  });

  it('sends the reason, the text and up to 4 screenshots from the library, then closes with a toast', async () => {
    const { root, calls } = setup({ 'mutates.createReport': () => json({ gqCreateReport: { success: true, id: '901' } }) });
    const seen: { limit?: number; selected?: Item[] } = {};
    renderWithStores(<ReportDialog picker={fakePicker([image(1), image(2), image(3), image(4), image(5)], seen)} />, root);
    act(() => root.reportDialog.open({ postType: 'user', postId: '7', summary: 'Member 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    expect(within(dialog).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(['Impersonation', 'Harassment', 'Other']);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /What happened/ }), '  Sends me threats  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const shots = within(dialog).getByTestId('report-screenshots');
    await waitFor(() => expect(within(shots).getAllByRole('img')).toHaveLength(4));
    expect(seen.limit).toBe(4);
    expect(within(dialog).queryByRole('button', { name: 'Add' })).toBeNull();
    await userEvent.click(within(shots).getByRole('button', { name: 'Remove shot-2.png' }));
    expect(within(shots).getAllByRole('img')).toHaveLength(3);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report' })).toBeNull());
    expect(requests(calls, 'mutates.createReport')).toEqual([
      { content: 'Sends me threats', type: 'Harassment', imgs: ['501', '503', '504'], postId: '7', postType: 'user' },
    ]);
    expect(toasts(root)).toEqual([['success', 'Thank you, your report was sent to the moderators']]);
  });

  it('shows the server’s refusal as a toast and stays open', async () => {
    const { root } = setup({
      'mutates.createReport': () => json({ statusCode: 409, messages: ['You already reported this'], codes: ['report.error.duplicate'] }, 409),
    });
    renderWithStores(<ReportDialog picker={null} />, root);
    act(() => root.reportDialog.open({ postType: 'chatMessage', postId: '1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Flooding' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /What happened/ }), 'spam spam spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(toasts(root)).toEqual([['error', 'You already reported this']]));
    expect(screen.getByRole('dialog', { name: 'Report' })).toBeInTheDocument();
    expect(root.reportDialog.isSubmitting).toBe(false);
  });

  it('asks a guest to log in instead of opening', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    mockFetch(apiResponder({}));
    const root = createTestRoot('en');
    root.reportDialog.open({ postType: 'user', postId: '7' });
    expect(root.reportDialog.isOpen).toBe(false);
    expect(root.loginBox.isOpen).toBe(true);
  });

  it('is offered from another member’s chat message, not from one’s own', async () => {
    const { root } = setup();
    const theirs = new ChatMessage(chatMessage(1, { message: 'buy cheap coins' }));
    const mine = new ChatMessage(chatMessage(2, { user: { name: 'Viewer 42', gqSlug: 'viewer42', avatar: { url: '' }, databaseId: '42' } }));
    renderWithStores(
      <>
        <MessageItem message={theirs} now={theirs.createdAt} own={false} />
        <MessageItem message={mine} now={mine.createdAt} own />
        <ReportDialog picker={null} />
      </>,
      root,
    );
    const [first, second] = screen.getAllByTestId('chat-message');
    expect(within(second).queryByRole('button', { name: 'More actions' })).toBeNull();
    await userEvent.click(within(first).getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    expect(within(dialog).getByText('buy cheap coins')).toBeInTheDocument();
    expect(root.reportDialog.target).toEqual({ postType: 'chatMessage', postId: '1001', summary: 'buy cheap coins' });
  });

  it('picks screenshots through the media library: images only, with what is left of the 4 as the limit', async () => {
    const { root } = setup();
    renderWithStores(<ReportDialog />, root);
    act(() => root.reportDialog.open({ postType: 'chatMessage', postId: '1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    act(() => root.reportDialog.setImages([image(1)]));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(root.media.request).not.toBeNull());
    expect(root.media.request?.type).toBe('image');
    expect(root.media.request?.limit).toBe(3);
    expect(root.media.request?.tabs).toEqual(['upload', 'library']);
    act(() => root.media.insert({ kind: 'media', items: [image(2), image(3)] }));
    await waitFor(() => expect(root.reportDialog.imgs.map((img) => img.id)).toEqual(['501', '502', '503']));
    expect(root.reportDialog.isPicking).toBe(false);
    // Closing the library changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(root.media.request?.limit).toBe(1));
    act(() => void root.media.close());
    await waitFor(() => expect(root.reportDialog.isPicking).toBe(false));
    expect(root.reportDialog.imgs).toHaveLength(3);
    expect(screen.getByRole('dialog', { name: 'Report' })).toBeInTheDocument();
  });

  it('is offered on a received private message and on a member’s profile', async () => {
    const { root } = setup();
    const received = new PrivateMessage(privateMessage(1, '7', '42', { content: 'send me your password' }));
    const sent = new PrivateMessage(privateMessage(2, '42', '7'));
    renderWithStores(
      <>
        <MessageBubble message={received} own={false} now={received.createdAt} />
        <MessageBubble message={sent} own now={sent.createdAt} />
        <ReportButton target={{ postType: 'user', postId: '7', summary: 'Member 7' }} />
        <ReportDialog picker={null} />
      </>,
      root,
    );
    const [theirs, mine] = screen.getAllByTestId('private-message');
    expect(within(mine).queryByRole('button', { name: 'More actions' })).toBeNull();
    await userEvent.click(within(theirs).getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Report' }));
    expect(root.reportDialog.target).toEqual({ postType: 'privateMessage', postId: received.id, summary: 'send me your password' });
    act(() => root.reportDialog.close());
    await userEvent.click(screen.getByRole('button', { name: 'Report this member' }));
    expect(root.reportDialog.target).toEqual({ postType: 'user', postId: '7', summary: 'Member 7' });
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    expect(within(dialog).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(['Impersonation', 'Harassment', 'Other']);
  });
});
