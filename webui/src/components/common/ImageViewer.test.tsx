import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestRoot } from '../../test/stores';
import { ImageViewer, SWIPE_MIN_PX } from './ImageViewer';

const images = [
  { src: '/a.png', alt: 'first' },
  { src: '/b.png', alt: 'second' },
  { src: '/c.png', alt: 'third' },
];

function renderViewer(index = 0) {
  const onClose = vi.fn();
  const root = createTestRoot('en');
  render(
    <I18nextProvider i18n={root.i18n}>
      <ImageViewer images={images} index={index} onClose={onClose} />
    </I18nextProvider>,
  );
  const viewer = screen.getByTestId('image-viewer');
  return { onClose, viewer, shown: () => within(viewer).getByRole('img'), zoom: () => within(viewer).getByTestId('image-viewer-zoom').textContent };
}

function swipe(element: Element, dx: number, dy = 0, pointerType = 'touch') {
  fireEvent.pointerDown(element, { clientX: 200, clientY: 200, pointerType, pointerId: 1 });
  fireEvent.pointerUp(element, { clientX: 200 + dx, clientY: 200 + dy, pointerType, pointerId: 1 });
}

describe('ImageViewer', () => {
  it('zooms with the buttons, the wheel and a double click, within its bounds', () => {
    const { viewer, shown, zoom } = renderViewer();
    expect(zoom()).toBe('100%');
    expect(within(viewer).getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Zoom in' }));
    expect(zoom()).toBe('150%');
    fireEvent.wheel(shown(), { deltaY: -100 });
    expect(zoom()).toBe('225%');
    for (let i = 0; i < 5; i += 1) fireEvent.wheel(shown(), { deltaY: -100 });
    expect(zoom()).toBe('500%');
    fireEvent.doubleClick(shown());
    expect(zoom()).toBe('100%');
    fireEvent.doubleClick(shown());
    expect(zoom()).toBe('250%');
  });

  it('moves between images by swiping on a touch screen, the arrows and the arrow keys, wrapping around', () => {
    const { viewer, shown } = renderViewer(1);
    expect(shown()).toHaveAttribute('alt', 'second');
    expect(viewer).toHaveTextContent('2 / 3');
    swipe(shown(), -(SWIPE_MIN_PX + 10));
    expect(shown()).toHaveAttribute('alt', 'third');
    swipe(shown(), SWIPE_MIN_PX + 10);
    expect(shown()).toHaveAttribute('alt', 'second');
    // Too short, mostly vertical, or with a mouse: no page turn.
    swipe(shown(), -(SWIPE_MIN_PX - 10));
    swipe(shown(), -(SWIPE_MIN_PX + 10), 200);
    swipe(shown(), -(SWIPE_MIN_PX + 10), 0, 'mouse');
    expect(shown()).toHaveAttribute('alt', 'second');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(shown()).toHaveAttribute('alt', 'first');
    fireEvent.click(within(viewer).getByRole('button', { name: 'Previous image' }));
    expect(shown()).toHaveAttribute('alt', 'third');
  });

  it('pans instead of turning the page while zoomed', () => {
    const { viewer, shown } = renderViewer();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Zoom in' }));
    fireEvent.pointerDown(shown(), { clientX: 200, clientY: 200, pointerType: 'touch', pointerId: 1 });
    fireEvent.pointerMove(shown(), { clientX: 100, clientY: 150, pointerType: 'touch', pointerId: 1 });
    fireEvent.pointerUp(shown(), { clientX: 100, clientY: 150, pointerType: 'touch', pointerId: 1 });
    expect(shown()).toHaveAttribute('alt', 'first');
    expect(shown().style.transform).toBe('translate(-100px, -50px) scale(1.5)');
  });

  it('closes on escape and with the close button', () => {
    const { viewer, onClose } = renderViewer();
    fireEvent.keyDown(viewer, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
