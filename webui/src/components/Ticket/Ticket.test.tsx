import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import TicketPage from '../../scenes/Account/Ticket';
import { chatViewer, signIn } from '../../test/chat';
import { FakeSocket } from '../../test/fakeSocket';
import { stubResizeObserver } from '../../test/radix';
import { renderWithStores } from '../../test/render';
import { apiResponder, createTestRoot, json, mockFetch, type FetchCall } from '../../test/stores';
import { message, page, ticket } from '../../stores/account/testData';
import { NewTicketDialog, validateTicket } from './NewTicketDialog';
import { TicketThreadView } from './TicketThreadView';

function requests(calls: FetchCall[], action: string) {
  return calls.filter((call) => call.body?.action === action).map((call) => call.body?.data as Record<string, unknown>);
}

function setup(replies: Parameters<typeof apiResponder>[0] = {}, isAdmin = false) {
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
  stubResizeObserver();
  const calls = mockFetch(apiResponder(replies));
  const root = createTestRoot('en');
  const socket = signIn(root, chatViewer({ id: '1', isAdmin }));
  socket.accept('1');
  const push = (event: string, data: unknown) => act(() => (socket.receive as unknown as (a: string, d: unknown) => void)(event, data));
  return { root, calls, push };
}

describe('TicketThreadView', () => {
  it('shows the conversation and appends a staff reply live', async () => {
    const { root, calls, push } = setup({
      'ticket.thread': () => json({ ticket: ticket('7'), messages: page([message('1', { content: 'My order is late' })]) }),
      'ticket.reply': (data) => json({ ticket: ticket('7'), message: message('5', { content: String(data.content) }) }),
    });
    renderWithStores(<TicketThreadView thread={root.tickets.thread('7')} onBack={() => {}} />, root, '/en/account/ticket?id=7');
    expect(await screen.findByText('My order is late')).toBeInTheDocument();
    push('ticket', {
      ticket: ticket('7', { status: 'answered' }),
      message: message('2', { staff: true, content: 'It ships today', author: { id: '99', name: 'Support' } }),
    });
    expect(await screen.findByText('It ships today')).toBeInTheDocument();
    expect(screen.getAllByTestId('ticket-message-item')).toHaveLength(2);
    expect(screen.getByTestId('ticket-status')).toHaveTextContent('Answered');
    fireEvent.change(screen.getByTestId('ticket-reply-input'), { target: { value: 'Thanks!' } });
    fireEvent.click(screen.getByTestId('ticket-reply-send'));
    expect(await screen.findByText('Thanks!')).toBeInTheDocument();
    expect(requests(calls, 'ticket.reply')[0]).toMatchObject({ ticketId: '7', content: 'Thanks!' });
  });
});

describe('NewTicketDialog', () => {
  it('needs a subject and a message before it sends', async () => {
    expect(validateTicket('', ' ')).toEqual({ subject: 'ticket.error.subject', message: 'ticket.error.message' });
    const { root, calls } = setup({ 'ticket.create': () => json({ ticket: ticket('8'), message: message('1') }) });
    const onCreated = vi.fn();
    renderWithStores(<NewTicketDialog open onOpenChange={() => {}} onCreated={onCreated} />, root, '/en/account/ticket');
    fireEvent.click(screen.getByTestId('ticket-submit'));
    expect(await screen.findByText('Enter a subject')).toBeInTheDocument();
    expect(requests(calls, 'ticket.create')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('ticket-subject'), { target: { value: 'Refund' } });
    fireEvent.change(screen.getByTestId('ticket-category'), { target: { value: 'payment' } });
    fireEvent.change(screen.getByTestId('ticket-message'), { target: { value: 'Please refund order S1' } });
    fireEvent.click(screen.getByTestId('ticket-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(requests(calls, 'ticket.create')[0]).toMatchObject({ subject: 'Refund', category: 'payment', message: 'Please refund order S1' });
  });
});

describe('TicketPage', () => {
  const inVirtuoso = (ui: React.ReactNode) => <VirtuosoMockContext.Provider value={{ viewportHeight: 800, itemHeight: 64 }}>{ui}</VirtuosoMockContext.Provider>;

  it('opens the new-ticket form from the support link, and lists the tickets; a row opens its thread', async () => {
    const { root } = setup({
      'ticket.list': () => json({ tickets: page([ticket('7', { subject: 'Late parcel' })]) }),
      'ticket.thread': () => json({ ticket: ticket('7', { subject: 'Late parcel' }), messages: page([message('1', { content: 'Where is it?' })]) }),
    });
    renderWithStores(inVirtuoso(<TicketPage />), root, '/en/account/ticket?new=1');
    expect(await screen.findByTestId('ticket-form')).toBeInTheDocument();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    fireEvent.click(await screen.findByText('Late parcel'));
    expect(await screen.findByText('Where is it?')).toBeInTheDocument();
    // No scope switch for a member.
    expect(screen.queryByRole('tab', { name: 'All members' })).toBeNull();
  });

  it('lets an admin switch to every member\u2019s tickets', async () => {
    const { root, calls } = setup(
      { 'ticket.list': (data) => json({ tickets: page(data.scope === 'all' ? [ticket('9', { subject: 'Other member', author: { id: '5', name: 'Eve' } })] : []) }) },
      true,
    );
    renderWithStores(inVirtuoso(<TicketPage />), root, '/en/account/ticket');
    expect(await screen.findByText('You have no tickets')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'All members' }));
    expect(await screen.findByText('Other member')).toBeInTheDocument();
    expect(requests(calls, 'ticket.list').at(-1)).toEqual({ scope: 'all' });
  });
});
