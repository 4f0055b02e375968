import { act, fireEvent, render, screen } from '@testing-library/react';
import { DeferredOpen, deferredPart, DeferredTrigger } from './deferred';

/** A part whose chunk arrives when the test says so. */
function pendingPart() {
  let arrive: () => void = () => {};
  const loader = vi.fn(
    () =>
      new Promise<{ Menu: (props: { open: boolean; focus: boolean }) => React.ReactNode }>((resolve) => {
        arrive = () => resolve({ Menu: ({ open, focus }) => <p>{`menu open=${open} focus=${focus}`}</p> });
      }),
  );
  return { part: deferredPart(loader), loader, arrive: () => act(async () => arrive()) };
}

function Trigger({ part, openOn }: { part: ReturnType<typeof pendingPart>['part']; openOn: 'pointerdown' | 'click' }) {
  return (
    <DeferredTrigger part={part} openOn={openOn} shell={(handlers) => <button {...handlers}>stand-in</button>}>
      {({ Menu }, start) => <Menu open={start.defaultOpen} focus={start.autoFocus} />}
    </DeferredTrigger>
  );
}

describe('deferred parts', () => {
  it('paints a closed stand-in, loads the chunk on hover, once, and swaps in the real part closed', async () => {
    const { part, loader, arrive } = pendingPart();
    render(<Trigger part={part} openOn="pointerdown" />);
    const button = screen.getByRole('button', { name: 'stand-in' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(loader).not.toHaveBeenCalled();
    fireEvent.pointerEnter(button);
    fireEvent.pointerEnter(button);
    expect(loader).toHaveBeenCalledTimes(1);
    await arrive();
    expect(screen.getByText('menu open=false focus=false')).toBeInTheDocument();
  });

  it('opens the real part when the stand-in was pressed, focused when it had focus', async () => {
    const { part, arrive } = pendingPart();
    render(<Trigger part={part} openOn="pointerdown" />);
    const button = screen.getByRole('button', { name: 'stand-in' });
    fireEvent.focus(button);
    fireEvent.pointerDown(button, { button: 0 });
    await arrive();
    expect(screen.getByText('menu open=true focus=true')).toBeInTheDocument();
  });

  it('a popover opens on click or Enter, not on pointer down', async () => {
    const { part, arrive } = pendingPart();
    render(<Trigger part={part} openOn="click" />);
    const button = screen.getByRole('button', { name: 'stand-in' });
    fireEvent.pointerDown(button, { button: 0 });
    fireEvent.keyDown(button, { key: 'Enter' });
    await arrive();
    expect(screen.getByText('menu open=true focus=false')).toBeInTheDocument();
  });

  it('a drawer renders its fallback until it first opens, then the real part', async () => {
    const { part, loader, arrive } = pendingPart();
    const view = (open: boolean) => (
      <DeferredOpen part={part} open={open} fallback={<i>regions</i>}>
        {({ Menu }) => <Menu open={open} focus={false} />}
      </DeferredOpen>
    );
    const { rerender } = render(view(false));
    expect(screen.getByText('regions')).toBeInTheDocument();
    expect(loader).not.toHaveBeenCalled();
    rerender(view(true));
    expect(loader).toHaveBeenCalledTimes(1);
    await arrive();
    expect(screen.getByText('menu open=true focus=false')).toBeInTheDocument();
  });
});
